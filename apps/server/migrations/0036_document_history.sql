CREATE TABLE "document_edit_activity" (
	"document_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_edit_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_edit_activity_pkey" PRIMARY KEY("document_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"content" text NOT NULL,
	"chars" integer NOT NULL,
	"authors" uuid[] DEFAULT '{}' NOT NULL,
	"created_by" uuid,
	"restored_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_versions_kind_check" CHECK (kind IN ('auto', 'named', 'restore')),
	CONSTRAINT "document_versions_name_check" CHECK ((name IS NOT NULL) = (kind = 'named') AND (name IS NULL OR char_length(name) BETWEEN 1 AND 80)),
	CONSTRAINT "document_versions_restored_from_check" CHECK (restored_from IS NULL OR kind = 'restore')
);
--> statement-breakpoint
ALTER TABLE "document_edit_activity" ADD CONSTRAINT "document_edit_activity_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_edit_activity" ADD CONSTRAINT "document_edit_activity_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_restored_from_fkey" FOREIGN KEY ("restored_from") REFERENCES "public"."document_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_versions_document_created_idx" ON "document_versions" USING btree ("document_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "document_versions_restored_from_idx" ON "document_versions" USING btree ("restored_from") WHERE restored_from IS NOT NULL;