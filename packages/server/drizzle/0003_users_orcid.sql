ALTER TABLE "users" ADD COLUMN "orcid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_orcid_key" ON "users" USING btree ("orcid");
