-- #10: stored enrolment counters, and change notifications for the in-process caches
-- (decisions 018 and 019).
ALTER TABLE "courses" ADD COLUMN "enrolled_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "courses" AS c SET "enrolled_count" = e.n
FROM (SELECT "course_id", count(*)::int AS n FROM "enrollments" GROUP BY "course_id") AS e
WHERE e."course_id" = c."id";
--> statement-breakpoint
-- The default order of every course list is (updated_at desc, id desc): one index read backwards.
DROP INDEX "courses_updated_idx";
--> statement-breakpoint
CREATE INDEX "courses_updated_id_idx" ON "courses" USING btree ("updated_at","id");
--> statement-breakpoint
-- One notification per changed key on channel app_cache; a bulk change (more than 100 keys) sends
-- `<prefix>*`, which clears that whole cache. Delivered at commit, so never for rolled-back work.
CREATE FUNCTION "app_notify_keys"(prefix text, keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k text;
BEGIN
  IF cardinality(keys) > 100 THEN
    PERFORM pg_notify('app_cache', prefix || '*');
    RETURN;
  END IF;
  FOREACH k IN ARRAY keys LOOP
    PERFORM pg_notify('app_cache', prefix || k);
  END LOOP;
END $$;
--> statement-breakpoint
-- The counter moves in the transaction that inserts or deletes enrolments, whatever wrote them (the
-- API, a cascade from a deleted user or course, a bulk load): one UPDATE per statement and course.
CREATE FUNCTION "enrollments_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that touched no row (ON CONFLICT DO NOTHING, an empty DELETE) changes nothing.
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  UPDATE "courses" AS c SET "enrolled_count" = c."enrolled_count" + d.n
  FROM (SELECT "course_id", count(*)::int AS n FROM new_rows GROUP BY "course_id") AS d
  WHERE c."id" = d."course_id";
  PERFORM app_notify_keys('e:', ARRAY(SELECT DISTINCT "user_id"::text FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "enrollments_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that touched no row (ON CONFLICT DO NOTHING, an empty DELETE) changes nothing.
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
  UPDATE "courses" AS c SET "enrolled_count" = greatest(c."enrolled_count" - d.n, 0)
  FROM (SELECT "course_id", count(*)::int AS n FROM old_rows GROUP BY "course_id") AS d
  WHERE c."id" = d."course_id";
  PERFORM app_notify_keys('e:', ARRAY(SELECT DISTINCT "user_id"::text FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "enrollments_count_insert" AFTER INSERT ON "enrollments"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "enrollments_inserted"();
--> statement-breakpoint
CREATE TRIGGER "enrollments_count_delete" AFTER DELETE ON "enrollments"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "enrollments_deleted"();
--> statement-breakpoint
CREATE FUNCTION "sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_notify_keys('s:', ARRAY(SELECT "id"::text FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_update_notify" AFTER UPDATE ON "sessions"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_delete_notify" AFTER DELETE ON "sessions"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed"();
--> statement-breakpoint
-- A user's role, status or name changes their cached sessions and the catalogue (author names).
CREATE FUNCTION "users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_notify_keys('u:', ARRAY(SELECT "id"::text FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_update_notify" AFTER UPDATE ON "users"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_delete_notify" AFTER DELETE ON "users"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_changed"();
--> statement-breakpoint
-- Any change to courses (content, status, availability, counters) clears the cached catalogue.
CREATE FUNCTION "courses_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_cache', 'c:*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "courses_notify" AFTER INSERT OR UPDATE OR DELETE ON "courses"
FOR EACH STATEMENT EXECUTE FUNCTION "courses_changed"();
