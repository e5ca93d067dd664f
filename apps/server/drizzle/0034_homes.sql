CREATE TABLE "home_invitations" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"home_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"rooms" text[] DEFAULT '{}'::text[] NOT NULL,
	"ends_at" timestamp with time zone,
	"invited_by" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "home_members" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"home_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"rooms" text[] DEFAULT '{}'::text[] NOT NULL,
	"ends_at" timestamp with time zone,
	"invited_by" text,
	"chosen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "rooms_user_created_idx";--> statement-breakpoint
DROP INDEX "rooms_user_name_ci_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "home_id" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "home_id" text;--> statement-breakpoint
ALTER TABLE "electrician_customers" ADD COLUMN "home_id" text;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "home_id" text;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "home_id" text;--> statement-breakpoint
-- Issue 32 (ADR 069): every person who holds devices, rooms, automations or installations today gets a home
-- ("<name>'s home") with them as its Owner, and every row gets that home: in this one migration, no second step.
-- The CTE is materialised once (it is read twice, and gen_random_uuid() is volatile), so each person has one id.
WITH "holders" AS (
	SELECT "u"."id" AS "user_id", "u"."name", gen_random_uuid()::text AS "home_id"
	FROM "users" "u"
	WHERE "u"."id" IN (
		SELECT "user_id" FROM "devices" WHERE "user_id" IS NOT NULL
		UNION SELECT "user_id" FROM "rooms"
		UNION SELECT "user_id" FROM "automations"
		UNION SELECT "customer_id" FROM "electrician_customers"
		UNION SELECT "customer_id" FROM "installations"
	)
), "made" AS (
	INSERT INTO "homes" ("id", "name") SELECT "home_id", "name" || '''s home' FROM "holders" RETURNING "id"
)
INSERT INTO "home_members" ("home_id", "user_id", "role", "chosen_at")
SELECT "h"."home_id", "h"."user_id", 'owner', now() FROM "holders" "h" JOIN "made" ON "made"."id" = "h"."home_id";--> statement-breakpoint
UPDATE "devices" SET "home_id" = "m"."home_id" FROM "home_members" "m" WHERE "m"."user_id" = "devices"."user_id";--> statement-breakpoint
UPDATE "rooms" SET "home_id" = "m"."home_id" FROM "home_members" "m" WHERE "m"."user_id" = "rooms"."user_id";--> statement-breakpoint
UPDATE "automations" SET "home_id" = "m"."home_id" FROM "home_members" "m" WHERE "m"."user_id" = "automations"."user_id";--> statement-breakpoint
UPDATE "electrician_customers" SET "home_id" = "m"."home_id" FROM "home_members" "m" WHERE "m"."user_id" = "electrician_customers"."customer_id";--> statement-breakpoint
UPDATE "installations" SET "home_id" = "m"."home_id" FROM "home_members" "m" WHERE "m"."user_id" = "installations"."customer_id";--> statement-breakpoint
ALTER TABLE "rooms" ALTER COLUMN "home_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ALTER COLUMN "home_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "electrician_customers" ALTER COLUMN "home_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "installations" ALTER COLUMN "home_id" SET NOT NULL;--> statement-breakpoint
-- Writers that name a person, not a home (the admin's assign-to-owner, an electrician's work for a customer,
-- a buyer's installation, the seed) put the row in that person's own home: the first home they own, made
-- ("<name>'s home", them its Owner) when they have none. The owner API names the home itself.
CREATE FUNCTION "own_home_of"("person" text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	"found" text;
BEGIN
	IF "person" IS NULL THEN
		RETURN NULL;
	END IF;
	SELECT "home_id" INTO "found" FROM "home_members"
		WHERE "user_id" = "person" AND "role" = 'owner' ORDER BY "created_at" LIMIT 1;
	IF "found" IS NULL THEN
		INSERT INTO "homes" ("name") SELECT "name" || '''s home' FROM "users" WHERE "id" = "person" RETURNING "id" INTO "found";
		INSERT INTO "home_members" ("home_id", "user_id", "role", "chosen_at") VALUES ("found", "person", 'owner', now())
			ON CONFLICT DO NOTHING;
	END IF;
	RETURN "found";
END;
$$;--> statement-breakpoint
CREATE FUNCTION "home_of_holder"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		IF NEW."home_id" IS NULL THEN
			NEW."home_id" := "own_home_of"(to_jsonb(NEW) ->> TG_ARGV[0]);
		END IF;
	ELSIF (to_jsonb(NEW) ->> TG_ARGV[0]) IS DISTINCT FROM (to_jsonb(OLD) ->> TG_ARGV[0])
		AND NEW."home_id" IS NOT DISTINCT FROM OLD."home_id" THEN
		NEW."home_id" := "own_home_of"(to_jsonb(NEW) ->> TG_ARGV[0]);
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "devices_home_of_holder" BEFORE INSERT OR UPDATE OF "user_id" ON "devices"
	FOR EACH ROW EXECUTE FUNCTION "home_of_holder"('user_id');--> statement-breakpoint
CREATE TRIGGER "rooms_home_of_holder" BEFORE INSERT ON "rooms"
	FOR EACH ROW EXECUTE FUNCTION "home_of_holder"('user_id');--> statement-breakpoint
CREATE TRIGGER "automations_home_of_holder" BEFORE INSERT ON "automations"
	FOR EACH ROW EXECUTE FUNCTION "home_of_holder"('user_id');--> statement-breakpoint
CREATE TRIGGER "electrician_customers_home_of_holder" BEFORE INSERT OR UPDATE OF "customer_id" ON "electrician_customers"
	FOR EACH ROW EXECUTE FUNCTION "home_of_holder"('customer_id');--> statement-breakpoint
CREATE TRIGGER "installations_home_of_holder" BEFORE INSERT ON "installations"
	FOR EACH ROW EXECUTE FUNCTION "home_of_holder"('customer_id');--> statement-breakpoint
ALTER TABLE "home_invitations" ADD CONSTRAINT "home_invitations_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_invitations" ADD CONSTRAINT "home_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_members" ADD CONSTRAINT "home_members_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_members" ADD CONSTRAINT "home_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_members" ADD CONSTRAINT "home_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_invitations_home_idx" ON "home_invitations" USING btree ("home_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "home_members_home_user_uq" ON "home_members" USING btree ("home_id","user_id");--> statement-breakpoint
CREATE INDEX "home_members_user_idx" ON "home_members" USING btree ("user_id","chosen_at" DESC NULLS LAST,"created_at");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electrician_customers" ADD CONSTRAINT "electrician_customers_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_home_created_id_idx" ON "devices" USING btree ("home_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rooms_home_created_idx" ON "rooms" USING btree ("home_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_home_name_ci_idx" ON "rooms" USING btree ("home_id",lower("name"));--> statement-breakpoint
CREATE INDEX "electrician_customers_electrician_home_idx" ON "electrician_customers" USING btree ("electrician_id","home_id");--> statement-breakpoint
CREATE INDEX "installations_home_idx" ON "installations" USING btree ("home_id");--> statement-breakpoint
CREATE INDEX "automations_home_idx" ON "automations" USING btree ("home_id","created_at");