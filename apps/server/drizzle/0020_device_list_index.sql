CREATE INDEX "devices_user_created_id_idx" ON "devices" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
DROP INDEX "devices_user_created_idx";
