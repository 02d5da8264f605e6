-- Decision 175: a used verification link is kept until it expires, so opening it again says the
-- address is verified; the housekeeping's purge now finds links by their expiry alone.
DROP INDEX "email_verifications_ended_idx";
--> statement-breakpoint
CREATE INDEX "email_verifications_expires_idx" ON "email_verifications" USING btree ("expires_at");
