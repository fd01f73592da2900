ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "pending_body" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_key_idx" ON "mail_outbox" USING btree ("channel","idempotency_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");