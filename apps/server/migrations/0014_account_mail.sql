-- Verified addresses, one-time account links (email verification, change of email, password reset) and the
-- admin audit log. See apps/server/src/modules/auth/account-tokens.ts and modules/admin/.

-- When the address in users.email was last proven by a link sent to it (NULL: never).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
-- Set by `npm run admin -- grant|revoke <email>`; it wins over ADMIN_EMAILS (NULL: ADMIN_EMAILS decides).
ALTER TABLE users ADD COLUMN role_grant text CHECK (role_grant IN ('granted', 'revoked'));
-- Until now ADMIN_EMAILS made an admin of whoever signed up first with the address, unverified: nobody's
-- address is verified yet, so nobody keeps the role until they verify it or are granted it on the command line.
UPDATE users SET role = 'user' WHERE role = 'admin';

-- Only the SHA-256 of each token is kept. `email` is the address the link was sent to: for 'change-email'
-- the new address, which becomes the account's once the link is opened.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'change-email', 'password-reset')),
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expires_idx ON account_tokens (expires_at);

-- What admins did (reviews) and who was made or unmade an admin, newest first for the admin page.
-- `actor` is the admin's email at the time, or how the role changed ('command line', 'ADMIN_EMAILS').
CREATE TABLE admin_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  target_label text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX admin_audit_at_idx ON admin_audit (at DESC, id DESC);
