ALTER TABLE "document_comments" ADD COLUMN "suggestion" text;--> statement-breakpoint
ALTER TABLE "document_comments" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_suggestion_check" CHECK (suggestion IS NULL OR (thread_id IS NULL AND char_length(suggestion) <= 5000));--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_outcome_check" CHECK (outcome IS NULL OR (suggestion IS NOT NULL AND outcome IN ('accepted', 'rejected')));--> statement-breakpoint
ALTER TABLE "document_comments" ADD CONSTRAINT "document_comments_decided_check" CHECK (suggestion IS NULL OR (outcome IS NULL) = (resolved_at IS NULL));