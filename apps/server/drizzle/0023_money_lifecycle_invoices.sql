CREATE TABLE "invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "late_captures" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"order_status" text NOT NULL,
	"refund_id" text,
	"refund_key" text,
	"refund_requested_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "late_captures_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_financial_year" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_sequence" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_seller" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "late_captures" ADD CONSTRAINT "late_captures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "late_captures_created_idx" ON "late_captures" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_quote_idx" ON "orders" USING btree ("quote_id") WHERE "orders"."quote_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
UPDATE "orders" SET "quote_id" = "notes"->>'quote_id' WHERE "notes" ? 'quote_id';--> statement-breakpoint
WITH "numbered" AS (
	SELECT "id", "fy", row_number() OVER (PARTITION BY "fy" ORDER BY "paid_at", "id") AS "seq"
	FROM (
		SELECT "id", "paid_at",
			(CASE WHEN extract(month FROM "paid_at" AT TIME ZONE 'Asia/Kolkata') >= 4
				THEN extract(year FROM "paid_at" AT TIME ZONE 'Asia/Kolkata')::int
				ELSE extract(year FROM "paid_at" AT TIME ZONE 'Asia/Kolkata')::int - 1 END) AS "start"
		FROM "orders"
		WHERE "status" IN ('paid', 'refunded') AND "paid_at" IS NOT NULL AND "invoice_number" IS NULL
	) AS "paid",
	LATERAL (SELECT "start"::text || '-' || lpad((("start" + 1) % 100)::text, 2, '0') AS "fy") AS "label"
)
UPDATE "orders" SET
	"invoice_financial_year" = "numbered"."fy",
	"invoice_sequence" = "numbered"."seq",
	"invoice_number" = 'IS' || substr("numbered"."fy", 3, 2) || substr("numbered"."fy", 6, 2) || '-' || lpad("numbered"."seq"::text, 6, '0')
FROM "numbered" WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "invoice_counters" ("financial_year", "last_number")
	SELECT "invoice_financial_year", max("invoice_sequence") FROM "orders"
	WHERE "invoice_financial_year" IS NOT NULL GROUP BY "invoice_financial_year";
