-- Writing and Report Helper documents, with a version number for optimistic concurrency,
-- plus each user's creative control settings and writing history per helper mode.
CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'writing' CHECK (kind IN ('writing', 'report')),
  title text NOT NULL DEFAULT '',
  content text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  words integer NOT NULL DEFAULT 0,
  characters integer NOT NULL DEFAULT 0,
  -- Hashtags found in the content, kept on save so the offline trends need no full-text scan.
  hashtags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_user_updated_idx ON documents (user_id, updated_at DESC);
CREATE INDEX documents_updated_idx ON documents (updated_at);

CREATE TABLE writing_profiles (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('writing', 'report')),
  control_settings jsonb NOT NULL,
  user_history jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, mode)
);
