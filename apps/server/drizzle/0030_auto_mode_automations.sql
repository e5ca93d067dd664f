ALTER TABLE "automations" ADD COLUMN "auto_mode_device_id" text;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_auto_mode_device_id_devices_id_fk" FOREIGN KEY ("auto_mode_device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automations_auto_mode_idx" ON "automations" USING btree ("auto_mode_device_id");--> statement-breakpoint
-- Definitions written before "clear actions" existed get an empty list (the contract's default).
UPDATE "automations" SET "definition" = "definition" || '{"clear_actions": []}'::jsonb
  WHERE NOT ("definition" ? 'clear_actions');--> statement-breakpoint
-- ISAAC auto mode becomes an automation of the engine (issue 33): one per purifier with a threshold,
-- watching a SKYWALKER of the purifier's room (the one added first) or else the purifier's own PM2.5.
INSERT INTO "automations" ("user_id", "name", "definition", "enabled", "trigger_device_id", "trigger_kind", "auto_mode_device_id")
SELECT p."user_id",
       left('Auto mode: ' || p."name", 100),
       jsonb_build_object(
         'name', left('Auto mode: ' || p."name", 100),
         'enabled', true,
         'trigger', jsonb_build_object('kind', 'air_quality', 'device_id', coalesce(s."id", p."id"),
                                       'metric', 'pm25', 'direction', 'above',
                                       'value', p."auto_threshold", 'for_minutes', 0),
         'conditions', '[]'::jsonb,
         'actions', jsonb_build_array(jsonb_build_object('kind', 'device', 'device_id', p."id",
                                                         'command', jsonb_build_object('kind', 'power', 'on', true))),
         'clear_actions', jsonb_build_array(jsonb_build_object('kind', 'device', 'device_id', p."id",
                                                               'command', jsonb_build_object('kind', 'power', 'on', false))),
         'max_toggles_per_hour', 2,
         'manual_override_minutes', 60),
       true,
       coalesce(s."id", p."id"),
       'air_quality',
       p."id"
  FROM "devices" p
  LEFT JOIN LATERAL (
    SELECT d."id" FROM "devices" d
     WHERE d."type" = 'skywalker' AND d."room_id" = p."room_id" AND d."user_id" = p."user_id"
     ORDER BY d."created_at", d."id" LIMIT 1
  ) s ON true
 WHERE p."type" = 'isaac' AND p."auto_threshold" IS NOT NULL AND p."user_id" IS NOT NULL;--> statement-breakpoint
-- A purifier that auto mode had switched on is remembered as the watch having acted, so it still goes
-- off when the air is clean.
UPDATE "automations" a SET "watch" = '{"phase": "fired", "acted": true}'::jsonb
  FROM "devices" p WHERE a."auto_mode_device_id" = p."id" AND p."auto_on" AND p."power_on";--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "auto_on";
