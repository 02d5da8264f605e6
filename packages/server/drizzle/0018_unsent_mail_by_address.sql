-- Decision 143: a reset request ends the unsent reset mail of the one before it, found by address
-- (in lower case, as `endUnsentMail` compares it). Partial, on the rows still waiting: the outbox keeps
-- every row until it expires (at most three days), and without it that lookup read them all.
CREATE INDEX "email_outbox_unsent_to_idx" ON "email_outbox" USING btree (lower("to"),"kind") WHERE "email_outbox"."sent_at" is null and "email_outbox"."given_up_at" is null;