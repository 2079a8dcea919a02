CREATE TABLE "early_reversals" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_ref" text NOT NULL,
	"refunded_cents" bigint,
	"charge_cents" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_reversals_pkey" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
DROP INDEX "purchases_payment_ref_idx";--> statement-breakpoint
CREATE INDEX "early_reversals_payment_ref_idx" ON "early_reversals" USING btree ("provider","payment_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_payment_ref_key" ON "purchases" USING btree ("provider","payment_ref") WHERE payment_ref IS NOT NULL;