-- Sessions people can see and end from the account page (GET/DELETE /api/auth/sessions).
-- last_seen_at moves at most once a minute per session, when a server process looks the token up in the
-- database (a session cache miss), so a busy session costs no write per request.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET NOT NULL;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET DEFAULT now();
-- The account page lists a user's live sessions, newest activity first.
CREATE INDEX sessions_user_live_idx ON sessions (user_id, last_seen_at DESC) WHERE revoked_at IS NULL;
