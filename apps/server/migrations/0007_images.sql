-- Image generation: jobs (the per-provider queue), their results (the gallery) and the free trials.
CREATE TABLE image_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigserial NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  provider text NOT NULL,
  model text,
  prompt text NOT NULL,
  negative_prompt text NOT NULL DEFAULT '',
  params jsonb NOT NULL,
  reference_key text,
  payment text NOT NULL CHECK (payment IN ('trial', 'credits')),
  -- A trial is 'held' while the job runs, then 'kept' (success) or 'returned' (failure).
  trial_state text CHECK (trial_state IN ('held', 'kept', 'returned')),
  reservation_id uuid,
  price integer NOT NULL DEFAULT 0,
  progress real NOT NULL DEFAULT 0,
  error text,
  error_code text,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX image_jobs_queue_idx ON image_jobs (provider, status, seq);
CREATE INDEX image_jobs_user_idx ON image_jobs (user_id, created_at);

CREATE TABLE image_results (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigserial NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  job_id uuid REFERENCES image_jobs(id) ON DELETE SET NULL,
  blob_key text NOT NULL,
  -- Capability for <img src>: image URLs carry it because an img tag cannot send a bearer token.
  access_token text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  seed bigint NOT NULL,
  prompt text NOT NULL,
  negative_prompt text NOT NULL DEFAULT '',
  provider text NOT NULL,
  model text,
  params jsonb NOT NULL,
  cost integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE INDEX image_results_user_idx ON image_results (user_id, seq DESC);
CREATE INDEX image_results_blob_idx ON image_results (blob_key);

CREATE TABLE image_trials (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= 3),
  updated_at timestamptz NOT NULL
);
