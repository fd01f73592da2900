CREATE TABLE "room_messages" (
	"ticket_number" text NOT NULL,
	"seq" integer NOT NULL,
	"conn" text NOT NULL,
	"from_side" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_messages_ticket_number_seq_pk" PRIMARY KEY("ticket_number","seq")
);
--> statement-breakpoint
CREATE TABLE "room_sequences" (
	"ticket_number" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "room_messages_created_idx" ON "room_messages" USING btree ("created_at");