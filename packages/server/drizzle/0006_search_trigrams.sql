-- Decision 058: searches (`?q=`, a LIKE '%term%') read a trigram index instead of every course's text,
-- and the administrators' search by contributor reads their names and e-mail address folded once, when
-- written, instead of folding them in every statement. The fold is foldedInSql's (db/fold-for-search.ts);
-- this copy stays as it was run. pg_trgm is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(lower(translate(regexp_replace(normalize("firstname" || ' ' || "lastname" || ' ' || "email", NFKC), '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'), 'آأإٱةى', 'ااااهي')), '\s+', ' ', 'g'))) STORED;
--> statement-breakpoint
CREATE INDEX "courses_search_text_trgm_idx" ON "courses" USING gin ("search_text" gin_trgm_ops);
