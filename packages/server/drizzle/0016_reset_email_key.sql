-- Decision 131: a reset request keeps an HMAC of the address it was asked for (never the address), so
-- wrong codes are limited per address whether or not it has an account, and a newer request ends the
-- older ones. Nullable, no default: rows made before it keep working (counted by their account).
ALTER TABLE "password_resets" ADD COLUMN "email_key" text;--> statement-breakpoint
CREATE INDEX "password_resets_email_key_idx" ON "password_resets" USING btree ("email_key");