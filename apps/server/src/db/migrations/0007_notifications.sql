-- The old notifications table was never written: emptied so its new NOT NULL columns can be added.
DELETE FROM "notifications";--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_actors" (
	"notification_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_actors_notification_id_actor_id_pk" PRIMARY KEY("notification_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
ALTER TABLE "colleges" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_type" text NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_actors_latest_idx" ON "notification_actors" USING btree ("notification_id","at");--> statement-breakpoint
CREATE INDEX "notifications_user_updated_idx" ON "notifications" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_target_uq" ON "notifications" USING btree ("user_id","kind","target_type","target_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_unemailed_idx" ON "notifications" USING btree ("updated_at") WHERE "notifications"."read_at" is null and "notifications"."emailed_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "payload";