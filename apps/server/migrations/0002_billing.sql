-- Timeshards: balances, the append-only ledger, reservations, purchases, webhook events,
-- the Yumi Blessing subscription, token usage and artwork contributions.
CREATE TABLE credit_balances (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only: corrections are new entries. (source_type, source_id) makes every cause count once.
CREATE TABLE credit_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta bigint NOT NULL CHECK (delta <> 0),
  reason text NOT NULL,
  source_type text NOT NULL,
  source_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source_type, source_id)
);
CREATE INDEX credit_ledger_user_idx ON credit_ledger (user_id, created_at);

CREATE TABLE credit_reservations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount bigint NOT NULL CHECK (amount > 0),
  charged bigint CHECK (charged >= 0 AND charged <= amount),
  status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'settled', 'released')),
  reason text NOT NULL,
  source_type text NOT NULL,
  source_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  UNIQUE (source_type, source_id)
);

CREATE TABLE purchases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'alipay', 'test')),
  method text NOT NULL CHECK (method IN ('stripe', 'alipay')),
  kind text NOT NULL CHECK (kind IN ('package', 'subscription')),
  item_id text NOT NULL,
  tokens bigint NOT NULL CHECK (tokens >= 0),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'USD',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'refunded')),
  provider_ref text,
  -- The provider's payment id (Stripe payment intent, Alipay trade no), to match refunds and disputes.
  payment_ref text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purchases_user_idx ON purchases (user_id, created_at);
CREATE UNIQUE INDEX purchases_provider_ref_key ON purchases (provider, provider_ref) WHERE provider_ref IS NOT NULL;
CREATE INDEX purchases_payment_ref_idx ON purchases (provider, payment_ref) WHERE payment_ref IS NOT NULL;

-- Webhook and notify deliveries already handled (dedupe on the provider's event id).
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  purchase_id uuid REFERENCES purchases(id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purchase_id uuid NOT NULL UNIQUE REFERENCES purchases(id) ON DELETE CASCADE,
  plan_id text NOT NULL,
  daily_tokens integer NOT NULL CHECK (daily_tokens > 0),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  started_on date NOT NULL,
  claimed_days integer NOT NULL DEFAULT 0,
  last_claim_on date,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, status);

-- Tokens used per user, UTC day, provider and model (written by the AI module through billing/usage.ts).
CREATE TABLE token_usage (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  provider text NOT NULL,
  model text NOT NULL,
  tokens bigint NOT NULL DEFAULT 0,
  free_tokens bigint NOT NULL DEFAULT 0,
  timeshards bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day, provider, model)
);

CREATE TABLE artworks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  blob_key text NOT NULL,
  thumb_key text NOT NULL,
  content_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  size_bytes integer NOT NULL,
  consent_to_show boolean NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  exceptional boolean NOT NULL DEFAULT false,
  rejection_reason text,
  reviewed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX artworks_user_idx ON artworks (user_id, created_at);
CREATE INDEX artworks_status_idx ON artworks (status, created_at);
