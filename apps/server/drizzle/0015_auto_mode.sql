ALTER TABLE "devices" ADD COLUMN "auto_threshold" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "auto_on" boolean DEFAULT false NOT NULL;