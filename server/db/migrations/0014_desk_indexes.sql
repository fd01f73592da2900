CREATE INDEX "members_created_idx" ON "members" USING btree ("created_at" DESC NULLS LAST,"member_id");--> statement-breakpoint
CREATE INDEX "purchases_time_idx" ON "purchases" USING btree ("purchase_time");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "tickets_reservation_at_idx" ON "tickets" USING btree ("reservation_at") WHERE "tickets"."product_type" = 'SUPPORT' and "tickets"."reservation_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_unsolved_idx" ON "tickets" USING btree ("outcome_at") WHERE "tickets"."support_status" = 'UNSOLVED';--> statement-breakpoint
CREATE INDEX "tickets_member_idx" ON "tickets" USING btree ("member_id");