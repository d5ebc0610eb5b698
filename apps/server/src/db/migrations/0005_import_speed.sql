ALTER TABLE "import_rows" DROP CONSTRAINT "import_rows_job_id_import_jobs_id_fk";
--> statement-breakpoint
DROP INDEX "users_full_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (lower("full_name") gin_trgm_ops) WHERE "users"."is_approved" AND NOT "users"."is_rejected";