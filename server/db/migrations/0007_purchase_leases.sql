ALTER TABLE "purchase_attempts" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "purchase_attempts" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_attempts" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "purchase_attempts" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "purchase_attempts" ADD COLUMN "mail_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "purchase_attempts_in_flight_idx" ON "purchase_attempts" USING btree ("lease_until") WHERE "purchase_attempts"."status" in ('held', 'charging');--> statement-breakpoint
-- Purchases recorded before this migration were mailed by their request: never again by a sweeper.
UPDATE "purchase_attempts" SET "mail_sent_at" = "updated_at" WHERE "status" = 'succeeded';--> statement-breakpoint
-- Attempts in flight from before have no owner alive: abandoned at once, for the sweeper.
UPDATE "purchase_attempts" SET "lease_until" = "updated_at" WHERE "status" IN ('held', 'charging');
