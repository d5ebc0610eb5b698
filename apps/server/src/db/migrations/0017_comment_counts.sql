ALTER TABLE "jobs" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "post_comments_removed_idx" ON "post_comments" USING btree ("post_id","user_id") WHERE "post_comments"."removed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "posts" p SET "comments_count" = d.n
  FROM (SELECT post_id, count(*)::int AS n FROM post_comments WHERE removed_at IS NULL GROUP BY post_id) d
 WHERE p.id = d.post_id;--> statement-breakpoint
UPDATE "jobs" j SET "comments_count" = d.n
  FROM (SELECT job_id, count(*)::int AS n FROM job_comments GROUP BY job_id) d
 WHERE j.id = d.job_id;--> statement-breakpoint
-- Kept by the database rather than by each code path that writes comments: account deletion and
-- a post's own deletion remove comments by cascade, and bulk loads insert them set-based. One
-- statement-level trigger per event (transition tables take one event each), each moving every
-- touched post's count once however many rows the statement wrote.
CREATE FUNCTION "post_comments_count_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts p SET comments_count = p.comments_count + d.n
      FROM (SELECT post_id, count(*)::int AS n FROM new_rows WHERE removed_at IS NULL GROUP BY post_id) d
     WHERE p.id = d.post_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE posts p SET comments_count = greatest(p.comments_count - d.n, 0)
      FROM (SELECT post_id, count(*)::int AS n FROM old_rows WHERE removed_at IS NULL GROUP BY post_id) d
     WHERE p.id = d.post_id;
  ELSE
    UPDATE posts p SET comments_count = greatest(p.comments_count + d.n, 0)
      FROM (SELECT post_id, sum(n)::int AS n
              FROM (SELECT post_id, 1 AS n FROM new_rows WHERE removed_at IS NULL
                    UNION ALL
                    SELECT post_id, -1 FROM old_rows WHERE removed_at IS NULL) moved
             GROUP BY post_id HAVING sum(n) <> 0) d
     WHERE p.id = d.post_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "post_comments_count_insert" AFTER INSERT ON "post_comments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION post_comments_count_sync();--> statement-breakpoint
CREATE TRIGGER "post_comments_count_delete" AFTER DELETE ON "post_comments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION post_comments_count_sync();--> statement-breakpoint
CREATE TRIGGER "post_comments_count_update" AFTER UPDATE ON "post_comments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION post_comments_count_sync();--> statement-breakpoint
CREATE FUNCTION "job_comments_count_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE jobs j SET comments_count = j.comments_count + d.n
      FROM (SELECT job_id, count(*)::int AS n FROM new_rows GROUP BY job_id) d
     WHERE j.id = d.job_id;
  ELSE
    UPDATE jobs j SET comments_count = greatest(j.comments_count - d.n, 0)
      FROM (SELECT job_id, count(*)::int AS n FROM old_rows GROUP BY job_id) d
     WHERE j.id = d.job_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "job_comments_count_insert" AFTER INSERT ON "job_comments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_comments_count_sync();--> statement-breakpoint
CREATE TRIGGER "job_comments_count_delete" AFTER DELETE ON "job_comments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_comments_count_sync();
