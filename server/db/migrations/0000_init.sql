CREATE TABLE "bookings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"cell_start" timestamp with time zone NOT NULL,
	"ticket_number" text NOT NULL,
	CONSTRAINT "bookings_staff_cell_unique" UNIQUE("staff_id","cell_start")
);
--> statement-breakpoint
CREATE TABLE "business_holidays" (
	"ymd" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_requests" (
	"member_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "charge_requests_member_id_idempotency_key_pk" PRIMARY KEY("member_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"coupon_code" text PRIMARY KEY NOT NULL,
	"coupon_name" text NOT NULL,
	"discount_price" integer NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"available_product_list" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"token" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"member_id" text NOT NULL,
	"coupon_code" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_ticket_number" text,
	CONSTRAINT "member_coupons_member_id_coupon_code_pk" PRIMARY KEY("member_id","coupon_code")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"member_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"member_lastname" text NOT NULL,
	"member_firstname" text NOT NULL,
	"phone_number" text NOT NULL,
	"use_free_interview_time" text,
	"registration_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text,
	"lp_source" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "members_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"update_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pending_signups" (
	"token" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"email" text NOT NULL,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_id" text PRIMARY KEY NOT NULL,
	"product_type" text NOT NULL,
	"product_name" text NOT NULL,
	"price" integer NOT NULL,
	"minutes_to_support" integer DEFAULT 0 NOT NULL,
	"show_on_mypage" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"receipt_number" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"ticket_number" text NOT NULL,
	"product_type" text NOT NULL,
	"product_name" text NOT NULL,
	"amount" integer NOT NULL,
	"amount_before_coupon" integer NOT NULL,
	"coupon_code" text,
	"purchase_time" timestamp with time zone NOT NULL,
	"charge_id" text
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"ticket_number" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"staff_id" text,
	"member_total_score" integer NOT NULL,
	"member_detail_score" jsonb NOT NULL,
	"rating_comment" text DEFAULT '' NOT NULL,
	"tip" boolean DEFAULT false NOT NULL,
	"tip_product_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_menus" (
	"menu_id" text PRIMARY KEY NOT NULL,
	"menu_title" text NOT NULL,
	"image_url" text NOT NULL,
	"estimated_minute" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"charge_id" text PRIMARY KEY NOT NULL,
	"token_id" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_rate_limits" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tokens" (
	"token_id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"behaviour" text NOT NULL,
	"tds_status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"card_id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"provider_ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"staff_id" text PRIMARY KEY NOT NULL,
	"staff_nickname" text NOT NULL,
	"staff_age" integer NOT NULL,
	"staff_gender" text NOT NULL,
	"staff_image_url" text,
	"average_score" double precision DEFAULT 0 NOT NULL,
	"support_complete_count" integer DEFAULT 0 NOT NULL,
	"support_unsolved_count" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_shifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"ticket_number" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"product_id" text NOT NULL,
	"product_type" text NOT NULL,
	"product_name" text NOT NULL,
	"price" integer NOT NULL,
	"minutes_to_support" integer DEFAULT 0 NOT NULL,
	"is_free_ticket" boolean DEFAULT false NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"reservation_at" timestamp with time zone,
	"staff_id" text,
	"support_type" text,
	"support_status" text NOT NULL,
	"unsolved_after_follow_content" text,
	"refund_reason" text,
	"already_rating" boolean DEFAULT false NOT NULL,
	"interview_tel_number" text,
	"reservation_menu_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parent_ticket_number" text,
	"counselling_comment" text,
	"contact_device" text,
	"contact_os" text,
	"remote_support" text,
	"purchase_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_requests" ADD CONSTRAINT "charge_requests_member_id_members_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_member_id_members_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_member_id_members_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_coupon_code_coupons_coupon_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("coupon_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_member_id_members_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_member_id_members_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_ticket_number_tickets_ticket_number_fk" FOREIGN KEY ("ticket_number") REFERENCES "public"."tickets"("ticket_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_member_id_members_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_shifts" ADD CONSTRAINT "staff_shifts_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_member_id_members_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE set null ON UPDATE no action;