-- The alumni directory and the dashboard counts read only listed members (approved, not
-- rejected). Partial indexes on just them let a count be an index-only scan and a page be read
-- in name order; modules/alumzone/repository.ts has the queries they serve.
CREATE INDEX "users_directory_name_idx" ON "users" USING btree ("college_id","full_name","id")
  WHERE "users"."is_approved" AND NOT "users"."is_rejected";--> statement-breakpoint
CREATE INDEX "users_directory_company_idx" ON "users" USING btree ("college_id",lower("company_name"),"full_name","id","company_name","open_to_mentoring","is_entrepreneur")
  WHERE "users"."is_approved" AND NOT "users"."is_rejected";--> statement-breakpoint
CREATE INDEX "users_directory_batch_idx" ON "users" USING btree ("college_id","batch_id","location_country_id","location_city_id","full_name","id")
  WHERE "users"."is_approved" AND NOT "users"."is_rejected";--> statement-breakpoint
CREATE INDEX "users_directory_branch_idx" ON "users" USING btree ("college_id","branch_id")
  WHERE "users"."is_approved" AND NOT "users"."is_rejected";--> statement-breakpoint
CREATE INDEX "users_directory_place_idx" ON "users" USING btree ("college_id","location_country_id","location_city_id")
  WHERE "users"."is_approved" AND NOT "users"."is_rejected";--> statement-breakpoint
CREATE INDEX "users_directory_flags_idx" ON "users" USING btree ("college_id","open_to_mentoring","is_entrepreneur")
  WHERE "users"."is_approved" AND NOT "users"."is_rejected";
