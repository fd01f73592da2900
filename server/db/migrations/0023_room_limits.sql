ALTER TABLE "room_messages" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '10 minutes' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_sequences" ADD COLUMN "bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "room_messages_expires_idx" ON "room_messages" USING btree ("expires_at");