-- Decision 105: an outbox row is worth sending until its content expires (a reset code after 15
-- minutes, a verification link after 24 hours, a notice after 3 days), is retried until then, and is
-- deleted after; a permanent refusal (an SMTP 5xx answer) gives it up early; a sent row keeps no body.
-- Rows stored before cannot tell a reset code from a verification link: they get the longer of the
-- two, counted from when they were queued. Those already sent lose their bodies now (their codes and
-- links were stored in plain text).
ALTER TABLE "email_outbox" ADD COLUMN "given_up_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "email_outbox" SET "expires_at" = "created_at" + interval '24 hours';
--> statement-breakpoint
UPDATE "email_outbox" SET "html" = '', "text" = '' WHERE "sent_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "expires_at" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "email_outbox_pending_idx";
--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."sent_at" is null and "email_outbox"."given_up_at" is null;
--> statement-breakpoint
CREATE INDEX "email_outbox_expires_idx" ON "email_outbox" USING btree ("expires_at");
