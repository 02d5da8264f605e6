-- Decision 060: the administrators' search by contributor reads each course's own copy of its
-- contributor's folded name and e-mail address through a trigram index, instead of looking up the
-- contributors in every statement (which kept PostgreSQL on a sequential scan of every course).
-- Database triggers keep the copy, whatever writes the course or the user.
ALTER TABLE "courses" ADD COLUMN "creator_search_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "courses" AS c SET "creator_search_text" = u."search_text" FROM "users" AS u WHERE u."id" = c."created_by";
--> statement-breakpoint
CREATE INDEX "courses_creator_search_text_trgm_idx" ON "courses" USING gin ("creator_search_text" gin_trgm_ops);
--> statement-breakpoint
-- A new course, or one given to another contributor, copies that contributor's text.
CREATE FUNCTION "courses_creator_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "search_text" INTO NEW."creator_search_text" FROM "users" WHERE "id" = NEW."created_by";
  NEW."creator_search_text" := coalesce(NEW."creator_search_text", '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "courses_creator_search_text" BEFORE INSERT OR UPDATE OF "created_by" ON "courses"
FOR EACH ROW EXECUTE FUNCTION "courses_creator_search_text"();
--> statement-breakpoint
-- A renamed or re-addressed contributor: their courses follow (search_text is generated, so it is
-- only known after the row is written: an AFTER trigger).
CREATE FUNCTION "users_search_text_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "courses" SET "creator_search_text" = NEW."search_text" WHERE "created_by" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_search_text_changed" AFTER UPDATE OF "firstname", "lastname", "email" ON "users"
FOR EACH ROW WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text")
EXECUTE FUNCTION "users_search_text_changed"();
