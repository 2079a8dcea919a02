-- A picture drawn on a device and deleted from the gallery is remembered by its client id: the device sending
-- it again (its first answer lost on the way) is answered 410 instead of adding it back.
CREATE TABLE "image_tombstones" (
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "image_tombstones_pkey" PRIMARY KEY("user_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "image_tombstones" ADD CONSTRAINT "image_tombstones_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_tombstones_user_deleted_idx" ON "image_tombstones" USING btree ("user_id","deleted_at");