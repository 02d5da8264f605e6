-- Decision 114: files that no course uses a day after their upload are deleted by each instance's
-- files housekeeping, which sweeps the files in this order (a bounded slice a pass, from where the
-- last pass stopped) up to its age threshold, without reading the table.
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at","id");
