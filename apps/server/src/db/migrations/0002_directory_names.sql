CREATE TABLE "directory_names" (
	"college_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(full_name)) STORED NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "directory_names_college_id_full_name_pk" PRIMARY KEY("college_id","full_name")
);
--> statement-breakpoint
ALTER TABLE "directory_names" ADD CONSTRAINT "directory_names_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_names_trgm_idx" ON "directory_names" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
-- Adds signed member counts to directory_names, summed per name first. A name that loses members
-- is only updated where it exists: a college deleted with its members may have taken it already.
-- Rows are written in key order, so two statements never wait on each other's names in a cycle.
CREATE FUNCTION "directory_names_add"(college_ids uuid[], names text[], deltas integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO directory_names AS n (college_id, full_name, members)
  SELECT c.college_id, c.full_name, c.delta
    FROM (SELECT college_id, full_name, sum(delta)::integer AS delta
            FROM unnest(college_ids, names, deltas) AS u(college_id, full_name, delta)
           GROUP BY college_id, full_name) c
   WHERE c.delta > 0
      OR (c.delta < 0 AND EXISTS (SELECT 1 FROM directory_names d
                                   WHERE d.college_id = c.college_id AND d.full_name = c.full_name))
   ORDER BY c.college_id, c.full_name
  ON CONFLICT (college_id, full_name) DO UPDATE SET members = n.members + excluded.members
$$;--> statement-breakpoint
-- One call per statement, not per row: a bulk import of members is a single upsert. Only listed
-- members (approved, not rejected) count, as in the directory itself.
CREATE FUNCTION "directory_names_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM directory_names_add(array_agg(college_id), array_agg(full_name), array_agg(1))
       FROM new_rows
      WHERE college_id IS NOT NULL AND is_approved AND NOT is_rejected;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM directory_names_add(array_agg(college_id), array_agg(full_name), array_agg(-1))
       FROM old_rows
      WHERE college_id IS NOT NULL AND is_approved AND NOT is_rejected;
  ELSE
    PERFORM directory_names_add(array_agg(college_id), array_agg(full_name), array_agg(delta))
       FROM (SELECT college_id, full_name, 1 AS delta FROM new_rows
              WHERE college_id IS NOT NULL AND is_approved AND NOT is_rejected
             UNION ALL
             SELECT college_id, full_name, -1 FROM old_rows
              WHERE college_id IS NOT NULL AND is_approved AND NOT is_rejected) changed;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_directory_names_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_names_sync();--> statement-breakpoint
CREATE TRIGGER "users_directory_names_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION directory_names_sync();--> statement-breakpoint
CREATE TRIGGER "users_directory_names_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_names_sync();--> statement-breakpoint
INSERT INTO "directory_names" (college_id, full_name, members)
SELECT college_id, full_name, count(*) FROM "users"
 WHERE college_id IS NOT NULL AND is_approved AND NOT is_rejected
 GROUP BY college_id, full_name;
