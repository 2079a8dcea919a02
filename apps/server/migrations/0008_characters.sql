-- Anime mode character library: characters, their versions (at most 20 each) and the layer blobs they use.
CREATE TABLE characters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  thumbnail text NOT NULL DEFAULT '',
  tags jsonb NOT NULL DEFAULT '[]'::jsonb,
  brief jsonb NOT NULL,
  active_version_id uuid,
  created_at timestamptz NOT NULL,
  last_modified timestamptz NOT NULL
);
CREATE INDEX characters_user_idx ON characters (user_id, last_modified DESC);

CREATE TABLE character_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  character_id uuid NOT NULL REFERENCES characters(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  thumbnail text NOT NULL DEFAULT '',
  metadata jsonb NOT NULL,
  -- canvasData without pixels: each layer names the blob key of its PNG (or null when empty).
  canvas jsonb NOT NULL,
  size_bytes bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  UNIQUE (character_id, seq)
);
CREATE INDEX character_versions_character_idx ON character_versions (character_id, seq);

-- Which version uses which blob: blobs are content-addressed and shared, so one is deleted only when unused.
CREATE TABLE character_version_blobs (
  version_id uuid NOT NULL REFERENCES character_versions(id) ON DELETE CASCADE,
  blob_key text NOT NULL,
  PRIMARY KEY (version_id, blob_key)
);
CREATE INDEX character_version_blobs_key_idx ON character_version_blobs (blob_key);
