CREATE TABLE "auth_throttle" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"trusted_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_throttle_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "auth_throttle_failures_nonnegative" CHECK ("auth_throttle"."failures" >= 0)
);
--> statement-breakpoint
CREATE INDEX "auth_throttle_expires_idx" ON "auth_throttle" USING btree ("expires_at");