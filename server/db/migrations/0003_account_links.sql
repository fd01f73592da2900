ALTER TABLE "password_resets" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_signups" ADD COLUMN "password_sealed" text;--> statement-breakpoint
ALTER TABLE "pending_signups" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_signups" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
-- Hand-added: one live reset code per member before the index below can exist.
UPDATE "password_resets" SET "used_at" = now() WHERE "used_at" IS NULL AND "id" NOT IN (SELECT max("id") FROM "password_resets" WHERE "used_at" IS NULL GROUP BY "member_id");--> statement-breakpoint
-- Signups of the old design (a disabled identity user holding the password, a token in clear) cannot be completed any more.
DELETE FROM "pending_signups" WHERE "password_sealed" IS NULL;--> statement-breakpoint
-- E-mail change tokens are kept as their SHA-256 digest from now on; links already mailed keep working.
UPDATE "email_changes" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex') WHERE length("token") = 48;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_one_live_idx" ON "password_resets" USING btree ("member_id") WHERE "password_resets"."used_at" is null;--> statement-breakpoint
CREATE INDEX "pending_signups_email_idx" ON "pending_signups" USING btree ("email");