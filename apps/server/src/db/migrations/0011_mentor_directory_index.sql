-- The mentors of a college as suggestions read them (modules/mentoring/directory.ts), from the
-- index alone: scattered one in twenty through the users table, their rows cost a heap page each
-- (31,000 pages at 1,000,000 members), read again on every reload of a college's list.
CREATE INDEX "users_mentors_idx" ON "users" ("college_id")
  INCLUDE ("id", "batch_id", "branch_id", "company_name", "location_city_id", "location_country_id")
  WHERE "open_to_mentoring" AND "is_approved" AND NOT "is_rejected";
