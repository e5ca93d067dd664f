ALTER TABLE "user_two_factor" DROP CONSTRAINT "user_two_factor_secret_versioned";--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD COLUMN "spent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD COLUMN "link_id" text;--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD COLUMN "replayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD CONSTRAINT "oauth_codes_link_id_oauth_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."oauth_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_two_factor" ADD CONSTRAINT "user_two_factor_secret_versioned" CHECK ("user_two_factor"."secret_ciphertext" like 'v1.%' or "user_two_factor"."secret_ciphertext" like 'v2.%');