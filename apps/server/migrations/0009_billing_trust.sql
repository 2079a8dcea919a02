-- Timeshards granted by the TEST MODE checkout are marked, so purchase history and admins can tell them
-- from paid ones.
ALTER TABLE credit_ledger ADD COLUMN test boolean NOT NULL DEFAULT false;
UPDATE credit_ledger l SET test = true
  FROM purchases p WHERE l.source_type = 'purchase' AND l.source_id = p.id::text AND p.provider = 'test';

-- Partial refunds: how much of the purchase the provider has refunded so far (cumulative, in cents).
ALTER TABLE purchases ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);
