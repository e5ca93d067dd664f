CREATE TABLE "device_message_stats" (
	"device_id" text PRIMARY KEY NOT NULL,
	"refused" bigint DEFAULT 0 NOT NULL,
	"rate_limited" bigint DEFAULT 0 NOT NULL,
	"shed" bigint DEFAULT 0 NOT NULL,
	"last_refusal" text,
	"last_refused_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_readings_quarantine" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"device_id" text NOT NULL,
	"reading" jsonb NOT NULL,
	"error" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_message_stats" ADD CONSTRAINT "device_message_stats_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_readings_quarantine_created_idx" ON "device_readings_quarantine" USING btree ("created_at");--> statement-breakpoint
-- Repair what devices could store before their messages were checked at the edge (issue 27): times that
-- are infinite or in the future, and readings that are not numbers, made lists answer 500.
UPDATE "devices" SET
  "last_seen_at" = CASE WHEN isfinite("last_seen_at") AND "last_seen_at" <= now() + interval '5 minutes' THEN "last_seen_at" END,
  "air_quality_at" = CASE WHEN isfinite("air_quality_at") AND "air_quality_at" <= now() + interval '5 minutes' THEN "air_quality_at" END,
  "last_updated" = CASE WHEN isfinite("last_updated") AND "last_updated" <= now() + interval '5 minutes' THEN "last_updated" END,
  "pm25" = CASE WHEN "pm25" <> 'NaN'::real AND "pm25" BETWEEN 0 AND 1000 THEN "pm25" END
WHERE NOT (isfinite("last_seen_at") AND "last_seen_at" <= now() + interval '5 minutes')
   OR NOT (isfinite("air_quality_at") AND "air_quality_at" <= now() + interval '5 minutes')
   OR NOT (isfinite("last_updated") AND "last_updated" <= now() + interval '5 minutes')
   OR NOT ("pm25" <> 'NaN'::real AND "pm25" BETWEEN 0 AND 1000);
--> statement-breakpoint
DELETE FROM "device_readings" WHERE NOT isfinite("at") OR "at" > now() + interval '1 day';
--> statement-breakpoint
DELETE FROM "device_readings_hourly" WHERE NOT isfinite("hour") OR "hour" > now() + interval '1 day';
