-- One room name per home, whatever its letter case (issue 30). Rooms already named alike in one home keep
-- their oldest as it is; the others get " (2)", " (3)"… so the index can be built.
WITH ranked AS (
  SELECT "id", "name", row_number() OVER (PARTITION BY "user_id", lower("name") ORDER BY "created_at", "id") AS n
  FROM "rooms"
)
UPDATE "rooms" SET "name" = ranked."name" || ' (' || ranked.n || ')'
FROM ranked WHERE "rooms"."id" = ranked."id" AND ranked.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_user_name_ci_idx" ON "rooms" USING btree ("user_id",lower("name"));
