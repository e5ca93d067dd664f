ALTER TABLE "installations" ADD COLUMN "guided_step" text;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "signature_image" text;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "signed_by" text;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "signed_at" timestamp with time zone;