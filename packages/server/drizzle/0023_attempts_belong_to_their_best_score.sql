-- Decision 213: an attempt references its learner's best score on the quiz, one key checked per
-- attempt instead of three; deleting the learner, the quiz or the course reaches the attempts through
-- that row. The statement that records attempts has always upserted the row with them; a best score
-- missing for older attempts is made from them first, so no attempt is lost.
ALTER TABLE "quiz_attempts" DROP CONSTRAINT "quiz_attempts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "quiz_attempts" DROP CONSTRAINT "quiz_attempts_resource_id_resources_id_fk";
--> statement-breakpoint
ALTER TABLE "quiz_attempts" DROP CONSTRAINT "quiz_attempts_course_id_courses_id_fk";
--> statement-breakpoint
-- Deleting a quiz reaches its attempts through the best scores now, by (user_id, resource_id).
DROP INDEX "quiz_attempts_resource_idx";
--> statement-breakpoint
INSERT INTO "quiz_scores" ("user_id", "resource_id", "course_id", "best_score", "attempts", "updated_at")
SELECT a."user_id", a."resource_id", min(a."course_id"::text)::uuid, max(a."score"), count(*)::int, max(a."created_at")
FROM "quiz_attempts" a
WHERE NOT EXISTS (
  SELECT 1 FROM "quiz_scores" s WHERE s."user_id" = a."user_id" AND s."resource_id" = a."resource_id"
)
GROUP BY a."user_id", a."resource_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_score_fk" FOREIGN KEY ("user_id","resource_id") REFERENCES "public"."quiz_scores"("user_id","resource_id") ON DELETE cascade ON UPDATE no action;
