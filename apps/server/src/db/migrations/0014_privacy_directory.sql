DROP INDEX "users_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_directory_name_idx";--> statement-breakpoint
DROP INDEX "users_directory_company_idx";--> statement-breakpoint
DROP INDEX "users_directory_batch_idx";--> statement-breakpoint
DROP INDEX "users_directory_branch_idx";--> statement-breakpoint
DROP INDEX "users_directory_place_idx";--> statement-breakpoint
DROP INDEX "users_directory_flags_idx";--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (lower("full_name") gin_trgm_ops) WHERE "users"."is_approved" AND NOT "users"."is_rejected" AND "users"."listed";--> statement-breakpoint
CREATE INDEX "users_directory_name_idx" ON "users" USING btree ("college_id","full_name","id") WHERE "users"."is_approved" AND NOT "users"."is_rejected" AND "users"."listed";--> statement-breakpoint
CREATE INDEX "users_directory_company_idx" ON "users" USING btree ("college_id",lower("company_name"),"full_name","id","company_name","open_to_mentoring","is_entrepreneur","privacy_company","batch_id") WHERE "users"."is_approved" AND NOT "users"."is_rejected" AND "users"."listed";--> statement-breakpoint
CREATE INDEX "users_directory_batch_idx" ON "users" USING btree ("college_id","batch_id","location_country_id","location_city_id","full_name","id","privacy_city") WHERE "users"."is_approved" AND NOT "users"."is_rejected" AND "users"."listed";--> statement-breakpoint
CREATE INDEX "users_directory_branch_idx" ON "users" USING btree ("college_id","branch_id") WHERE "users"."is_approved" AND NOT "users"."is_rejected" AND "users"."listed";--> statement-breakpoint
CREATE INDEX "users_directory_place_idx" ON "users" USING btree ("college_id","location_country_id","location_city_id","privacy_city","batch_id","id") WHERE "users"."is_approved" AND NOT "users"."is_rejected" AND "users"."listed";--> statement-breakpoint
CREATE INDEX "users_directory_flags_idx" ON "users" USING btree ("college_id","open_to_mentoring","is_entrepreneur") WHERE "users"."is_approved" AND NOT "users"."is_rejected" AND "users"."listed";--> statement-breakpoint
-- directory_names counts the members a name search finds: since issue 30 a member who chose not
-- to be listed is not one of them, so the trigger counts them out and the counts are rebuilt.
CREATE OR REPLACE FUNCTION "directory_names_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM directory_names_add(array_agg(college_id), array_agg(full_name), array_agg(1))
       FROM new_rows
      WHERE college_id IS NOT NULL AND is_approved AND NOT is_rejected AND listed;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM directory_names_add(array_agg(college_id), array_agg(full_name), array_agg(-1))
       FROM old_rows
      WHERE college_id IS NOT NULL AND is_approved AND NOT is_rejected AND listed;
  ELSE
    PERFORM directory_names_add(array_agg(college_id), array_agg(full_name), array_agg(delta))
       FROM (SELECT college_id, full_name, 1 AS delta FROM new_rows
              WHERE college_id IS NOT NULL AND is_approved AND NOT is_rejected AND listed
             UNION ALL
             SELECT college_id, full_name, -1 FROM old_rows
              WHERE college_id IS NOT NULL AND is_approved AND NOT is_rejected AND listed) changed;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "directory_names" n SET members = coalesce((
  SELECT count(*) FROM "users" u
   WHERE u.college_id = n.college_id AND u.full_name = n.full_name
     AND u.is_approved AND NOT u.is_rejected AND u.listed), 0);
