-- Decision 085: a foreign key whose parent rows are deleted needs an index on its columns, or each
-- deleted parent row makes PostgreSQL scan the whole child table to cascade (or set null). A lesson
-- removed from a course (an edit) deleted its resource row and scanned quiz_attempts, quiz_scores and
-- lesson_completions whole: 0.15-0.6 s per lesson at a million enrolments, so an edit removing a few
-- dozen lessons would pass the 10 s statement deadline (decision 081) every time. Files (a cover
-- replaced, a PDF removed) set null in resources and courses the same way. Users and courses are
-- never deleted (accounts are deactivated, courses archived): their keys need none. Built in the
-- migration's transaction: under a second each at a million rows.
CREATE INDEX IF NOT EXISTS "quiz_attempts_resource_idx" ON "quiz_attempts" USING btree ("resource_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quiz_scores_resource_idx" ON "quiz_scores" USING btree ("resource_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lesson_completions_resource_idx" ON "lesson_completions" USING btree ("resource_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_file_idx" ON "resources" USING btree ("file_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "courses_preview_file_idx" ON "courses" USING btree ("preview_file_id");
