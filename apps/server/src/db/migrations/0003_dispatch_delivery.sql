CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "outbox_created_idx";--> statement-breakpoint
ALTER TABLE "dispatch_jobs" ADD COLUMN "selection" jsonb;--> statement-breakpoint
ALTER TABLE "dispatch_recipients" ADD COLUMN "seq" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_recipients" ADD COLUMN "channel" text NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_recipients" ADD COLUMN "full_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_recipients" ADD COLUMN "email" text NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_recipients" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "dispatch_recipients" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "dispatch_recipients" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "college_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_job_id_dispatch_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."dispatch_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_user_idx" ON "invitations" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_recipients_job_seq_idx" ON "dispatch_recipients" USING btree ("job_id","seq");--> statement-breakpoint
CREATE INDEX "dispatch_recipients_provider_idx" ON "dispatch_recipients" USING btree ("provider_message_id") WHERE "dispatch_recipients"."provider_message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_college_created_idx" ON "outbox" USING btree ("college_id","created_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_idempotency_key_unique" UNIQUE("idempotency_key");