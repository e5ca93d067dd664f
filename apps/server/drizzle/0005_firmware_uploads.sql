ALTER TABLE "firmware" ADD COLUMN "release_notes" text;--> statement-breakpoint
CREATE INDEX "devices_type_firmware_idx" ON "devices" USING btree ("type","firmware_version");--> statement-breakpoint
CREATE INDEX "firmware_created_idx" ON "firmware" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "firmware_storage_key_idx" ON "firmware" USING btree ("storage_key");