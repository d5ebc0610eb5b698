DROP INDEX "job_comments_job_idx";--> statement-breakpoint
DROP INDEX "post_comments_post_idx";--> statement-breakpoint
CREATE INDEX "job_comments_recent_idx" ON "job_comments" USING btree ("job_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_comments_recent_idx" ON "post_comments" USING btree ("post_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);