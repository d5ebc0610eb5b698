CREATE TABLE "college_directory_counts" (
	"college_id" uuid PRIMARY KEY NOT NULL,
	"members" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "college_directory_counts" ADD CONSTRAINT "college_directory_counts_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The listed members' count per college, kept by the triggers that keep directory_names: the
-- deltas a statement brings are summed per college and added in the same call. As with names, a
-- college losing members is only updated where its row exists (a deleted college took it along).
CREATE OR REPLACE FUNCTION "directory_names_add"(college_ids uuid[], names text[], deltas integer[])
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
  ON CONFLICT (college_id, full_name) DO UPDATE SET members = n.members + excluded.members;
  INSERT INTO college_directory_counts AS k (college_id, members)
  SELECT c.college_id, c.delta
    FROM (SELECT college_id, sum(delta)::integer AS delta
            FROM unnest(college_ids, deltas) AS u(college_id, delta)
           GROUP BY college_id) c
   WHERE c.delta > 0
      OR (c.delta < 0 AND EXISTS (SELECT 1 FROM college_directory_counts d
                                   WHERE d.college_id = c.college_id))
   ORDER BY c.college_id
  ON CONFLICT (college_id) DO UPDATE SET members = k.members + excluded.members
$$;--> statement-breakpoint
INSERT INTO "college_directory_counts" (college_id, members)
SELECT c.id, (SELECT count(*) FROM "users" u
               WHERE u.college_id = c.id AND u.is_approved AND NOT u.is_rejected AND u.listed)
  FROM "colleges" c;
