-- The client address of each session (as Fastify resolves it under TRUST_PROXY), set at sign-in and moved
-- with last_seen_at (at most once a minute). The account page shows it masked; NULL for older sessions and
-- for addresses that do not parse.
ALTER TABLE sessions ADD COLUMN ip inet;
