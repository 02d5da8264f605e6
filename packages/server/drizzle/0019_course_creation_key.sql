-- Decision 153: a course creation sent with an `Idempotency-Key` keeps it, so the same creation sent
-- again (its first answer lost) finds that course instead of making a second one. Unique per author;
-- partial: courses created without a key (all before this migration) have none.
ALTER TABLE "courses" ADD COLUMN "creation_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_creation_key_idx" ON "courses" USING btree ("created_by","creation_key") WHERE "courses"."creation_key" is not null;