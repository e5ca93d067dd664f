CREATE TABLE "device_commands" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"device_id" text NOT NULL,
	"actor_user_id" text,
	"channel" text NOT NULL,
	"desired" jsonb NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_credentials" (
	"device_id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_readings" (
	"device_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"pm25" real,
	"pm10" real,
	"temperature" real,
	"humidity" real,
	"battery" integer,
	"filter_life" integer
);
--> statement-breakpoint
CREATE TABLE "device_readings_hourly" (
	"device_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"pm25_avg" real,
	"pm25_min" real,
	"pm25_max" real,
	"pm10_avg" real,
	"temperature_avg" real,
	"humidity_avg" real,
	CONSTRAINT "device_readings_hourly_device_id_hour_pk" PRIMARY KEY("device_id","hour")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "disconnected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "filter_life" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_credentials" ADD CONSTRAINT "device_credentials_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_readings" ADD CONSTRAINT "device_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_readings_hourly" ADD CONSTRAINT "device_readings_hourly_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_device_created_idx" ON "device_commands" USING btree ("device_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_readings_device_at_idx" ON "device_readings" USING btree ("device_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_readings_at_idx" ON "device_readings" USING btree ("at");--> statement-breakpoint
CREATE INDEX "device_readings_hourly_hour_idx" ON "device_readings_hourly" USING btree ("hour");