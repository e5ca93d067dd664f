CREATE TABLE "rollout_devices" (
	"rollout_id" text NOT NULL,
	"device_id" text NOT NULL,
	"stage" integer NOT NULL,
	"state" text NOT NULL,
	"percent" integer,
	"reason" text,
	"from_version" text,
	"state_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "rollout_devices_rollout_id_device_id_pk" PRIMARY KEY("rollout_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"firmware_id" text NOT NULL,
	"status" text NOT NULL,
	"stages" integer[] NOT NULL,
	"current_stage" integer DEFAULT 0 NOT NULL,
	"stage_pause_seconds" integer NOT NULL,
	"stage_finished_at" timestamp with time zone,
	"max_concurrent" integer NOT NULL,
	"failure_threshold_percent" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_firmware_id_firmware_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rollout_devices_state_idx" ON "rollout_devices" USING btree ("rollout_id","state");--> statement-breakpoint
CREATE INDEX "rollout_devices_device_idx" ON "rollout_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "rollouts_status_idx" ON "rollouts" USING btree ("status") WHERE "rollouts"."status" in ('running', 'paused');