-- Failed sign-ins, counted per (account, IP) and per account, shared by every server process.
-- See docs/security.md, "Privacy and sessions", and apps/server/src/modules/auth/login-throttle.ts.
--   'pair:<sha256 of the lower-cased email>:<IPv4 address or IPv6 /64>' : failures from one address to one
--     account (reset by a success there), and trusted_until once the account signed in from that address;
--   'account:<sha256 of the lower-cased email>' : failures from everywhere in the window from window_start.
-- Emails are hashed so attackers' guesses of addresses are not stored verbatim; unknown emails count the
-- same as real ones, so the throttle never tells which accounts exist.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  window_start timestamptz NOT NULL,
  last_attempt_at timestamptz,
  trusted_until timestamptz,
  updated_at timestamptz NOT NULL
);
-- The sweep of rows that have gone quiet.
CREATE INDEX login_throttle_updated_idx ON login_throttle (updated_at);
