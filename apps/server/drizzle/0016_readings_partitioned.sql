-- Raw readings partitioned by day (issue 13, ADR 036): the retention job drops whole days instead of
-- deleting rows, and a query for a range reads only its days. Partitions are created ahead by the job
-- (TelemetryService.maintain); a default partition takes anything outside them, so no reading is refused.
-- Same columns and indexes as before; the rows move over in this migration.
ALTER TABLE "device_readings" RENAME TO "device_readings_unpartitioned";--> statement-breakpoint
ALTER INDEX "device_readings_device_at_idx" RENAME TO "device_readings_unpartitioned_device_at_idx";--> statement-breakpoint
ALTER INDEX "device_readings_at_idx" RENAME TO "device_readings_unpartitioned_at_idx";--> statement-breakpoint
CREATE TABLE "device_readings" (
	"device_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"pm25" real,
	"pm10" real,
	"temperature" real,
	"humidity" real,
	"battery" integer,
	"filter_life" integer,
	CONSTRAINT "device_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action
) PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE INDEX "device_readings_device_at_idx" ON "device_readings" USING btree ("device_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_readings_at_idx" ON "device_readings" USING btree ("at");--> statement-breakpoint
CREATE TABLE "device_readings_default" PARTITION OF "device_readings" DEFAULT;--> statement-breakpoint
INSERT INTO "device_readings" SELECT * FROM "device_readings_unpartitioned";--> statement-breakpoint
DROP TABLE "device_readings_unpartitioned";
