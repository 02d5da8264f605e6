-- Decision 107: sessions and password reset requests that can no longer be used are deleted in
-- bounded passes (100 rows, each table) by every instance's housekeeping loop; these indexes let a
-- pass find them without reading the table. A session ended at its expiry or at its revocation,
-- whichever came first (`least` ignores a null); a reset request is deleted a failure window after its
-- expiry, so the per-account limit on wrong codes still counts its failures.
CREATE INDEX "sessions_ended_idx" ON "sessions" USING btree (least("expires_at", "revoked_at"));
--> statement-breakpoint
CREATE INDEX "password_resets_expires_idx" ON "password_resets" USING btree ("expires_at");
