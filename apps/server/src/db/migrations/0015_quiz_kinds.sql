ALTER TABLE "answers" ADD COLUMN "value" jsonb;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "elapsed_ms" integer;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "bonus" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "kind" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "team" smallint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "current_question" smallint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "question_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "kind" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "correct_options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "partial_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "accepted_answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "double_points" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "image_name" text;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "image_alt" text;