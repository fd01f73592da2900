CREATE TABLE "numbers_day_coupons" (
	"day" text NOT NULL,
	"coupon_code" text NOT NULL,
	"uses" integer NOT NULL,
	"discount" bigint NOT NULL,
	CONSTRAINT "numbers_day_coupons_day_coupon_code_pk" PRIMARY KEY("day","coupon_code")
);
--> statement-breakpoint
CREATE TABLE "numbers_day_ratings" (
	"day" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"sum" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "numbers_day_sales" (
	"day" text NOT NULL,
	"product_type" text NOT NULL,
	"product_name" text NOT NULL,
	"count" integer NOT NULL,
	"gross" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"refund_count" integer NOT NULL,
	CONSTRAINT "numbers_day_sales_day_product_type_product_name_pk" PRIMARY KEY("day","product_type","product_name")
);
--> statement-breakpoint
CREATE TABLE "numbers_day_staff" (
	"day" text NOT NULL,
	"staff_id" text NOT NULL,
	"booked_minutes" bigint NOT NULL,
	"consultations" integer NOT NULL,
	"ended" integer NOT NULL,
	"completed" integer NOT NULL,
	"unsolved" integer NOT NULL,
	"no_contact" integer NOT NULL,
	"shift_minutes" bigint NOT NULL,
	"rating_count" integer NOT NULL,
	"rating_sum" bigint NOT NULL,
	CONSTRAINT "numbers_day_staff_day_staff_id_pk" PRIMARY KEY("day","staff_id")
);
--> statement-breakpoint
CREATE TABLE "numbers_stale_days" (
	"day" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- 数字's summaries of past days (docs/decisions.md 95): every statement that writes a table the
-- numbers read marks the JST days it touched as stale, in its own transaction, holding a shared
-- advisory lock per day until it ends; the job that rebuilds a day takes that lock exclusively, so
-- a write either is in the rows the job reads or marks the day again after the job's commit.
CREATE FUNCTION numbers_jst_day(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$ SELECT to_char(t AT TIME ZONE 'Asia/Tokyo', 'YYYYMMDD') $$;
--> statement-breakpoint
CREATE FUNCTION numbers_days_touched(days text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('numbers_days'), d::int) FROM (SELECT DISTINCT d FROM unnest(days) d WHERE d IS NOT NULL) x;
  INSERT INTO numbers_stale_days (day) SELECT DISTINCT d FROM unnest(days) d WHERE d IS NOT NULL ON CONFLICT DO NOTHING;
END;
$$;
--> statement-breakpoint
-- The days of a statement's rows by the column its trigger names (transition tables, so a bulk
-- write is one call): the new rows' and the old ones'. A purchase changed or gone moves its
-- refunds' days too, since they are counted under its product.
CREATE FUNCTION numbers_rows_touched() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days text[] := '{}';
  part text[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT numbers_jst_day(%I)) FROM new_rows', TG_ARGV[0]) INTO part;
    days := days || coalesce(part, '{}');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT numbers_jst_day(%I)) FROM old_rows', TG_ARGV[0]) INTO part;
    days := days || coalesce(part, '{}');
    IF TG_TABLE_NAME = 'purchases' THEN
      days := days || ARRAY(SELECT DISTINCT numbers_jst_day(r.created_at) FROM refunds r JOIN old_rows o ON o.receipt_number = r.receipt_number);
    END IF;
  END IF;
  PERFORM numbers_days_touched(days);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Three triggers (insert, update, delete: a trigger with transition tables has one event) on each
-- table the numbers read, naming the column that puts a row on a day.
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('purchases', 'purchase_time'), ('refunds', 'created_at'), ('tickets', 'reservation_at'), ('ratings', 'created_at'), ('staff_shifts', 'starts_at')) v(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION numbers_rows_touched(%L)', t.tbl || '_numbers_insert', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION numbers_rows_touched(%L)', t.tbl || '_numbers_update', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION numbers_rows_touched(%L)', t.tbl || '_numbers_delete', t.tbl, t.col);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The days that already hold rows are stale until the job first summarises them.
INSERT INTO numbers_stale_days (day)
SELECT d FROM (
  SELECT numbers_jst_day(purchase_time) d FROM purchases
  UNION SELECT numbers_jst_day(created_at) FROM refunds
  UNION SELECT numbers_jst_day(reservation_at) FROM tickets
  UNION SELECT numbers_jst_day(created_at) FROM ratings
  UNION SELECT numbers_jst_day(starts_at) FROM staff_shifts
) x WHERE d IS NOT NULL ON CONFLICT DO NOTHING;
