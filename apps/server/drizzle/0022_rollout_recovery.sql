ALTER TABLE "rollout_devices" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD COLUMN "resume_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD COLUMN "served_ranges" "int8multirange" DEFAULT '{}'::int8multirange NOT NULL;--> statement-breakpoint
CREATE INDEX "device_commands_sent_idx" ON "device_commands" USING btree ("created_at") WHERE "device_commands"."status" = 'sent';--> statement-breakpoint
-- Devices still queued when a window closed were FAILED before ADR 053: they were skipped, not failed.
UPDATE "rollout_devices" SET "state" = 'SKIPPED' WHERE "state" = 'FAILED' AND "reason" = 'offline until the rollout window closed';
