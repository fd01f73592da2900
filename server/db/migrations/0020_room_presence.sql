CREATE TABLE "room_presence" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_number" text NOT NULL,
	"side" text NOT NULL,
	"who" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "room_presence" ADD CONSTRAINT "room_presence_ticket_number_tickets_ticket_number_fk" FOREIGN KEY ("ticket_number") REFERENCES "public"."tickets"("ticket_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_presence_ticket_idx" ON "room_presence" USING btree ("ticket_number","joined_at");