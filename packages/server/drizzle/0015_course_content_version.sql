-- Decision 128: a course's content version, one more at each save of its content, so an editor's save
-- that started from an older version is refused (If-Match) instead of silently undoing another's.
-- A constant default: PostgreSQL adds the column without rewriting the table.
ALTER TABLE "courses" ADD COLUMN "content_version" integer DEFAULT 1 NOT NULL;