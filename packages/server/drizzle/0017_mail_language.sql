-- Decision 137: an outbox row keeps the language its message is written in (sent as the mail's
-- Content-Language) and which message it is (a newer reset request ends the unsent mail of the one it
-- ends). Nullable, no default: a row queued before it is in a language nobody recorded, and goes
-- without the header rather than with a guessed one.
ALTER TABLE "email_outbox" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "kind" text;