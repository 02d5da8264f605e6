-- Decision 174: search reads hyphens and dashes as spaces ("open-science" finds "Open Science"). The
-- users' generated search text is folded again with the new expression (foldedInSql; PostgreSQL 15
-- cannot change a generated column's expression in place, so it is dropped and added, and the trigger
-- whose condition reads it with it), their courses' copies follow, and every course's own search text
-- is folded again as course-tree.ts's searchTextOf now writes it. This copy stays as it was run.
DROP TRIGGER "users_search_text_changed" ON "users";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "search_text";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(lower(translate(regexp_replace(regexp_replace(normalize("firstname" || ' ' || "lastname" || ' ' || "email", NFKC), '[-\u2010-\u2015\u2212]', ' ', 'g'), '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'), 'آأإٱةى', 'ااااهي')), '\s+', ' ', 'g'))) STORED;
--> statement-breakpoint
CREATE TRIGGER "users_search_text_changed" AFTER UPDATE OF "firstname", "lastname", "email" ON "users"
FOR EACH ROW WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text")
EXECUTE FUNCTION "users_search_text_changed"();
--> statement-breakpoint
UPDATE "courses" AS c SET "creator_search_text" = u."search_text" FROM "users" AS u WHERE u."id" = c."created_by";
--> statement-breakpoint
UPDATE "courses" SET "search_text" = btrim(regexp_replace(lower(translate(regexp_replace(regexp_replace(normalize(concat_ws(' ', "title", "title_tr", "description", "description_tr", "author"), NFKC), '[-\u2010-\u2015\u2212]', ' ', 'g'), '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'), 'آأإٱةى', 'ااااهي')), '\s+', ' ', 'g'));
