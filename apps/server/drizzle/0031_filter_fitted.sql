ALTER TABLE "devices" ADD COLUMN "filter_fitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "filter_fitted_life" integer;