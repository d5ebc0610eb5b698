ALTER TYPE "public"."access_level" ADD VALUE 'group';--> statement-breakpoint
CREATE TABLE "group_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"message" text NOT NULL,
	"client_id" text,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "kind" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "rule_field" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "rule_value" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "cover_picture" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "invite_token" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "pinned_post_id" uuid;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_messages_group_idx" ON "group_messages" USING btree ("group_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_messages_client_uq" ON "group_messages" USING btree ("sender_id","client_id");--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_pinned_post_id_posts_id_fk" FOREIGN KEY ("pinned_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_invite_token_uq" ON "groups" USING btree ("invite_token");--> statement-breakpoint
CREATE INDEX "groups_college_automatic_idx" ON "groups" USING btree ("college_id") WHERE "groups"."kind" = 'automatic';--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_rule_with_automatic" CHECK (("groups"."kind" = 'automatic') = ("groups"."rule_field" IS NOT NULL AND "groups"."rule_value" IS NOT NULL));--> statement-breakpoint
-- Whether a member's profile meets an automatic group's rule (groups.rule_field, rule_value): the
-- one definition, used by the triggers below and when a rule is applied to a whole college
-- (modules/groups/repository.ts). Inlined by the planner: it is a single SQL expression.
CREATE FUNCTION "group_rule_matches"(
  field text, value text, batch_id uuid, branch_id uuid, degree_id uuid, country_id text,
  city_id integer, company text
) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(CASE field
    WHEN 'batch' THEN batch_id::text = value
    WHEN 'branch' THEN branch_id::text = value
    WHEN 'degree' THEN degree_id::text = value
    WHEN 'country' THEN country_id = value
    WHEN 'city' THEN city_id::text = value
    WHEN 'company' THEN lower(btrim(company)) = lower(btrim(value))
  END, false)
$$;--> statement-breakpoint
-- Keeps automatic groups right as profiles change, one statement at a time (a bulk import is one
-- pass): a listed member whose profile now meets a rule joins that group (unless they left it:
-- their 'left' row stays and blocks the insert), and a plain member who no longer meets it, or
-- is no longer listed, leaves it. Organisers stay whatever their profile says. On UPDATE only
-- the rows whose rule fields changed are looked at: a login's counters cost a join of one row.
CREATE FUNCTION "group_rules_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM group_members gm
     USING new_rows n, old_rows o, groups g
     WHERE o.id = n.id AND gm.user_id = n.id AND g.id = gm.group_id
       AND g.kind = 'automatic' AND gm.status = 'approved' AND gm.role = 'member'
       AND (n.college_id, n.batch_id, n.branch_id, n.degree_id, n.location_country_id,
            n.location_city_id, n.company_name, n.is_approved, n.is_rejected)
           IS DISTINCT FROM
           (o.college_id, o.batch_id, o.branch_id, o.degree_id, o.location_country_id,
            o.location_city_id, o.company_name, o.is_approved, o.is_rejected)
       AND NOT (g.college_id IS NOT DISTINCT FROM n.college_id AND n.is_approved
                AND NOT n.is_rejected
                AND group_rule_matches(g.rule_field, g.rule_value, n.batch_id, n.branch_id,
                                       n.degree_id, n.location_country_id, n.location_city_id,
                                       n.company_name));
    INSERT INTO group_members (group_id, user_id, status)
    SELECT g.id, n.id, 'approved'
      FROM new_rows n
      JOIN old_rows o ON o.id = n.id
      JOIN groups g ON g.college_id = n.college_id AND g.kind = 'automatic'
                   AND g.archived_at IS NULL
     WHERE n.is_approved AND NOT n.is_rejected
       AND (n.college_id, n.batch_id, n.branch_id, n.degree_id, n.location_country_id,
            n.location_city_id, n.company_name, n.is_approved, n.is_rejected)
           IS DISTINCT FROM
           (o.college_id, o.batch_id, o.branch_id, o.degree_id, o.location_country_id,
            o.location_city_id, o.company_name, o.is_approved, o.is_rejected)
       AND group_rule_matches(g.rule_field, g.rule_value, n.batch_id, n.branch_id, n.degree_id,
                              n.location_country_id, n.location_city_id, n.company_name)
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO group_members (group_id, user_id, status)
    SELECT g.id, n.id, 'approved'
      FROM new_rows n
      JOIN groups g ON g.college_id = n.college_id AND g.kind = 'automatic'
                   AND g.archived_at IS NULL
     WHERE n.is_approved AND NOT n.is_rejected
       AND group_rule_matches(g.rule_field, g.rule_value, n.batch_id, n.branch_id, n.degree_id,
                              n.location_country_id, n.location_city_id, n.company_name)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_group_rules_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION group_rules_sync();--> statement-breakpoint
CREATE TRIGGER "users_group_rules_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_rules_sync();
