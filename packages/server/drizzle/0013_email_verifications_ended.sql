-- Decision 109: e-mail verification links that can no longer be used (expired, or used once) are
-- deleted in bounded passes by every instance's housekeeping loop, like sessions (migration 0012); this
-- index lets a pass find them without reading the table. A link ended at its expiry or when it was
-- used, whichever came first (`least` ignores a null).
CREATE INDEX "email_verifications_ended_idx" ON "email_verifications" USING btree (least("expires_at", "used_at"));
