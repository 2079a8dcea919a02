CREATE TABLE "document_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"thread_id" uuid,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"anchor_start" text,
	"anchor_end" text,
	"quote" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_comments_opening_check" CHECK ((thread_id IS NULL) = (anchor_start IS NOT NULL AND anchor_end IS NOT NULL AND quote IS NOT NULL)),
	CONSTRAINT "document_comments_reply_unresolved_check" CHECK (thread_id IS NULL OR resolved_at IS NULL)
);
--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "public"."document_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_resolved_by_fkey" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_comments_document_created_idx" ON "document_comments" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE INDEX "document_comments_thread_idx" ON "document_comments" USING btree ("thread_id") WHERE thread_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "document_comments_author_idx" ON "document_comments" USING btree ("author_id","created_at");