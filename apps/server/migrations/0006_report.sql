-- Report Helper: what a report document keeps beside its Markdown body (references, citation style,
-- figures), and the plagiarism corpus as winnowing fingerprints so a check never rescans every text.
CREATE TABLE report_meta (
  document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  meta jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A text fingerprinted for the check: one of a user's documents, a file they uploaded, or (owner NULL)
-- the operator's reference corpus.
CREATE TABLE plagiarism_sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('document', 'upload', 'reference')),
  ref_key text NOT NULL,
  title text NOT NULL,
  content_hash text NOT NULL,
  body text NOT NULL,
  words integer NOT NULL,
  fingerprint_count integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX plagiarism_sources_ref_key ON plagiarism_sources (
  (COALESCE(owner_id, '00000000-0000-0000-0000-000000000000'::uuid)), kind, ref_key
);
CREATE INDEX plagiarism_sources_owner_idx ON plagiarism_sources (owner_id);

CREATE TABLE plagiarism_fingerprints (
  source_id uuid NOT NULL REFERENCES plagiarism_sources(id) ON DELETE CASCADE,
  hash integer NOT NULL,
  pos integer NOT NULL
);
CREATE INDEX plagiarism_fingerprints_hash_idx ON plagiarism_fingerprints (hash);
CREATE INDEX plagiarism_fingerprints_source_idx ON plagiarism_fingerprints (source_id);
