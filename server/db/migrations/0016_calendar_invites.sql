ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;