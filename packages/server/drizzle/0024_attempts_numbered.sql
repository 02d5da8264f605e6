-- Decision 220: every attempt carries its number among the learner's attempts at the quiz, so that a
-- trim reads the last few numbers only, not every attempt ever trimmed (their index entries stay
-- until a vacuum, and a bitmap scan visits each one's page). Kept attempts are numbered from their
-- best score row's count down, newest first: the same numbers the statement that records attempts
-- gives from now on.
ALTER TABLE "quiz_attempts" ADD COLUMN "seq" integer;
--> statement-breakpoint
UPDATE "quiz_attempts" a SET "seq" = n."seq"
FROM (
  SELECT k."id", s."attempts" + 1 - row_number() OVER (
           PARTITION BY k."user_id", k."resource_id" ORDER BY k."created_at" DESC, k."id" DESC
         )::int AS "seq"
  FROM "quiz_attempts" k
  JOIN "quiz_scores" s ON s."user_id" = k."user_id" AND s."resource_id" = k."resource_id"
) n
WHERE a."id" = n."id";
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ALTER COLUMN "seq" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "quiz_attempts_user_resource_idx";
--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_resource_seq_idx" ON "quiz_attempts" USING btree ("user_id","resource_id","seq");
