-- Content-addressed blobs are shared: the same bytes stored by two users (or two modules) are one file.
-- A file is deleted only by the collector, never by the module that drops a row; see docs/security.md, Files.

-- Every blob the store holds (or is about to hold). A row is written before its file, so a crash between
-- the two leaves a row the collector cleans up, never a file nobody knows about. touched_at moves on every
-- store or re-use of the bytes (which also clears unreferenced_since); the collector marks a blob it finds
-- unreferenced and takes it only once it has stayed unreferenced and untouched for its grace period.
CREATE TABLE blobs (
  key text PRIMARY KEY CHECK (key ~ '^[0-9a-f]{64}$'),
  -- NULL: a blob stored before this table existed, measured by the collector on its next run.
  size bigint CHECK (size >= 0),
  created_at timestamptz NOT NULL,
  touched_at timestamptz NOT NULL,
  unreferenced_since timestamptz
);
CREATE INDEX blobs_unreferenced_idx ON blobs (unreferenced_since) WHERE unreferenced_since IS NOT NULL;

-- Who references which blob, computed from the tables that own blobs, so a reference disappears with its
-- row whatever deletes it (a module, ON DELETE CASCADE from a user or a character). A module that adds a
-- blob column adds it here. A job's reference image only counts while the job is queued or running.
CREATE VIEW blob_refs (blob_key, user_id) AS
  SELECT blob_key, user_id FROM image_results
  UNION ALL
  SELECT reference_key, user_id FROM image_jobs WHERE reference_key IS NOT NULL AND status IN ('queued', 'running')
  UNION ALL
  SELECT blob_key, user_id FROM artworks
  UNION ALL
  SELECT thumb_key, user_id FROM artworks
  UNION ALL
  SELECT vb.blob_key, c.user_id
    FROM character_version_blobs vb
    JOIN character_versions v ON v.id = vb.version_id
    JOIN characters c ON c.id = v.character_id;

-- The collector asks "is this key referenced anywhere": each branch of the view needs an index on its key.
CREATE INDEX image_jobs_reference_key_idx ON image_jobs (reference_key) WHERE reference_key IS NOT NULL;
CREATE INDEX artworks_blob_key_idx ON artworks (blob_key);
CREATE INDEX artworks_thumb_key_idx ON artworks (thumb_key);

-- Blobs stored before this migration: registered (size measured later) so they are counted and collected.
INSERT INTO blobs (key, size, created_at, touched_at)
  SELECT DISTINCT blob_key, NULL::bigint, now(), now() FROM blob_refs WHERE blob_key ~ '^[0-9a-f]{64}$'
  ON CONFLICT (key) DO NOTHING;
