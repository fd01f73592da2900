ALTER TABLE "notices" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "staff_calendar_feeds" ADD COLUMN "owner_uid" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "case_note" text;