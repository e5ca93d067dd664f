-- Admin devices and electrician assignments (ADR 025). pg_trgm is a trusted extension (PostgreSQL 13+: the
-- database owner may create it); PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- One electrician per customer and per device: of duplicate assignments the newest stays.
DELETE FROM "electrician_customers" a USING "electrician_customers" b
  WHERE a."customer_id" = b."customer_id" AND (a."created_at", a."id") < (b."created_at", b."id");--> statement-breakpoint
DELETE FROM "electrician_devices" a USING "electrician_devices" b
  WHERE a."device_id" = b."device_id" AND (a."created_at", a."id") < (b."created_at", b."id");--> statement-breakpoint
DROP INDEX "electrician_customers_customer_idx";--> statement-breakpoint
DROP INDEX "electrician_devices_device_idx";--> statement-breakpoint
CREATE INDEX "devices_name_trgm_idx" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_serial_trgm_idx" ON "devices" USING gin ("serial_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "electrician_customers_customer_uq" ON "electrician_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "electrician_devices_device_uq" ON "electrician_devices" USING btree ("device_id");
