-- Decision 075: an enrolment moves its course's counter, and that is all it changes about the
-- course. The counter is in the catalogue pages and the course's own view, not in anything a learner's
-- progress, scores or completed lessons are made of, so a counter-only update says `n:<course id>`
-- (those two evicted) instead of `c:*` (every course and every learner's figures evicted).
DROP TRIGGER "courses_notify" ON "courses";
--> statement-breakpoint
CREATE TRIGGER "courses_notify" AFTER INSERT OR DELETE ON "courses"
FOR EACH STATEMENT EXECUTE FUNCTION "courses_changed"();
--> statement-breakpoint
CREATE FUNCTION "courses_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Any other column changed (or a row whose id changed): everything derived from courses goes.
  IF EXISTS (
    SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o."id" = n."id"
    WHERE o."id" IS NULL OR to_jsonb(n) - 'enrolled_count' IS DISTINCT FROM to_jsonb(o) - 'enrolled_count'
  ) THEN
    PERFORM pg_notify('app_cache', 'c:*');
    RETURN NULL;
  END IF;
  PERFORM app_notify_keys('n:', ARRAY(
    SELECT n."id"::text FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."enrolled_count" IS DISTINCT FROM o."enrolled_count"
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "courses_notify_update" AFTER UPDATE ON "courses"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "courses_updated"();
