ALTER TABLE "tickets" ADD COLUMN "follow_up_due" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "no_call_reported_at" timestamp with time zone;