-- AI usage metering and chat archives (issue 4).
-- Tokens per subject ('user:<id>' or 'ip:<address>') per provider per UTC day. Free-allowance calls
-- hold `free_reserved` tokens before they start (a conditional update), so concurrent requests can
-- never spend more than the allowance; the hold becomes `free_tokens` when the answer is in.
CREATE TABLE ai_usage_daily (
  subject text NOT NULL,
  provider text NOT NULL,
  day date NOT NULL,
  tokens bigint NOT NULL DEFAULT 0,
  free_tokens bigint NOT NULL DEFAULT 0,
  free_reserved bigint NOT NULL DEFAULT 0,
  requests integer NOT NULL DEFAULT 0,
  PRIMARY KEY (subject, provider, day)
);

-- Server-side chat archives of signed-in users; the id is the conversationId of /api/chat.
CREATE TABLE chat_archives (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  provider text NOT NULL,
  model text NOT NULL,
  mode text NOT NULL,
  personality text NOT NULL,
  messages jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX chat_archives_user_updated_idx ON chat_archives (user_id, updated_at DESC);
