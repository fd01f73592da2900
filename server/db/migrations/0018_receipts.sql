CREATE TABLE "receipt_issues" (
	"receipt_number" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"issue_count" integer DEFAULT 0 NOT NULL,
	"first_issued_at" timestamp with time zone,
	"last_issued_at" timestamp with time zone,
	"last_view_id" text,
	"addressee" text,
	"addressee_set_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "receipt_issues" ADD CONSTRAINT "receipt_issues_receipt_number_purchases_receipt_number_fk" FOREIGN KEY ("receipt_number") REFERENCES "public"."purchases"("receipt_number") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_issues" ADD CONSTRAINT "receipt_issues_member_id_members_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("member_id") ON DELETE restrict ON UPDATE no action;