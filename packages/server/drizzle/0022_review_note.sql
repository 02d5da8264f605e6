-- Decision 206: an administrator sends a pending course back to its author (Pending → Rejected) with
-- a note, kept on the course with who wrote it and when until the next review decision. The app never
-- deletes users (accounts are deactivated; a user row removed by hand sets the key null), so the
-- reviewer's key needs no index (decision 085; users are among its never-deleted parents).
ALTER TABLE "courses" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "review_note_by" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "review_note_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_review_note_by_users_id_fk" FOREIGN KEY ("review_note_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
