CREATE TABLE "purchase_attempts" (
	"member_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"product_id" text NOT NULL,
	"product_type" text NOT NULL,
	"parent_ticket_number" text,
	"ticket_number" text NOT NULL,
	"amount" integer NOT NULL,
	"coupon_code" text,
	"card_token" text,
	"charge_id" text,
	"response" jsonb,
	"error" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchase_attempts_member_id_idempotency_key_pk" PRIMARY KEY("member_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_tokens" ADD COLUMN "member_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_tokens" ADD COLUMN "used_by" text;--> statement-breakpoint
ALTER TABLE "purchase_attempts" ADD CONSTRAINT "purchase_attempts_member_id_members_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("member_id") ON DELETE cascade ON UPDATE no action;