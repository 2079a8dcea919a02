-- Language-model providers added by admins at run time (admin page, Connections). The key is sealed with
-- AES-256-GCM (apps/server/src/shared/crypto/secret-box.ts) under a key that is not in this database.
-- `models`: the model names discovered from the server (Ollama /api/tags, OpenAI-compatible /v1/models);
-- empty for OpenAI, Anthropic and Qwen, whose models come from the catalogue.
CREATE TABLE llm_connections (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('openai', 'anthropic', 'qwen', 'openai-compatible', 'ollama')),
  name text NOT NULL,
  base_url text,
  api_key_sealed text,
  models jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX llm_connections_created_idx ON llm_connections (created_at);
