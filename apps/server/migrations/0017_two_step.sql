-- Two-step sign-in with an authenticator app (TOTP, RFC 6238), its recovery codes, and deleted accounts.

-- totp_secret: base32, set once the user confirmed a first code; totp_pending_secret: offered by a setup
-- not yet confirmed. totp_last_step: the time step of the last code accepted, so a code works only once.
ALTER TABLE users ADD COLUMN totp_secret text;
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE users ADD COLUMN totp_pending_secret text;
ALTER TABLE users ADD COLUMN totp_last_step bigint;
-- A deleted account stays as an anonymous row (no email, name or password that can sign in) so the purchase
-- and ledger rows that the books must keep still point somewhere; everything personal is deleted.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;

-- Ten single-use codes per user, only their SHA-256 stored (80 random bits each, so a fast hash is enough).
CREATE TABLE recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);

-- A sign-in whose password was right and that now waits for the second step. Only the token's hash is
-- stored; it lives five minutes and allows a few attempts.
CREATE TABLE two_step_challenges (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_agent text,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
CREATE INDEX two_step_challenges_expires_idx ON two_step_challenges (expires_at);
CREATE INDEX two_step_challenges_user_idx ON two_step_challenges (user_id);
