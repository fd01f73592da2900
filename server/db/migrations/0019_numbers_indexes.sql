DROP INDEX "purchases_time_idx";--> statement-breakpoint
DROP INDEX "refunds_created_idx";--> statement-breakpoint
DROP INDEX "tickets_reservation_at_idx";--> statement-breakpoint
CREATE INDEX "purchases_time_receipt_idx" ON "purchases" USING btree ("purchase_time","receipt_number");--> statement-breakpoint
CREATE INDEX "ratings_created_idx" ON "ratings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_shifts_starts_idx" ON "staff_shifts" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","id") WHERE "refunds"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "tickets_reservation_at_idx" ON "tickets" USING btree ("reservation_at","ticket_number") WHERE "tickets"."product_type" = 'SUPPORT' and "tickets"."reservation_at" is not null;