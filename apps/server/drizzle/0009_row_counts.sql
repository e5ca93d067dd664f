CREATE TABLE "device_counts" (
	"type" text NOT NULL,
	"is_connected" boolean NOT NULL,
	"assigned" boolean NOT NULL,
	"firmware_version" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "device_counts_type_is_connected_assigned_firmware_version_pk" PRIMARY KEY("type","is_connected","assigned","firmware_version")
);
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"role" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "user_counts_role_status_pk" PRIMARY KEY("role","status")
);
--> statement-breakpoint
-- hand-written (ADR 032): statement-level triggers keep device_counts and user_counts equal to
-- "select ..., count(*) from devices / users group by ...". Each statement's transition table is grouped
-- first, so a bulk insert of a million devices is one upsert per group, and an update that changes none
-- of the counted columns writes nothing (HAVING sum <> 0). Upserts go in key order so two transactions
-- never wait on each other's counter rows in opposite orders.
CREATE FUNCTION "device_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO device_counts AS c (type, is_connected, assigned, firmware_version, n)
      SELECT type, is_connected, user_id IS NOT NULL, coalesce(firmware_version, ''), count(*)
        FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (type, is_connected, assigned, firmware_version) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO device_counts AS c (type, is_connected, assigned, firmware_version, n)
      SELECT type, is_connected, user_id IS NOT NULL, coalesce(firmware_version, ''), -count(*)
        FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (type, is_connected, assigned, firmware_version) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO device_counts AS c (type, is_connected, assigned, firmware_version, n)
      SELECT type, is_connected, assigned, firmware_version, sum(d)
        FROM (SELECT type, is_connected, user_id IS NOT NULL AS assigned, coalesce(firmware_version, '') AS firmware_version, -1 AS d FROM old_rows
              UNION ALL
              SELECT type, is_connected, user_id IS NOT NULL, coalesce(firmware_version, ''), 1 FROM new_rows) AS changed
        GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (type, is_connected, assigned, firmware_version) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "devices_count_insert" AFTER INSERT ON "devices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "devices_count_update" AFTER UPDATE ON "devices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "devices_count_delete" AFTER DELETE ON "devices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_counts_apply"();
--> statement-breakpoint
CREATE FUNCTION "user_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts AS c (role, status, n)
      SELECT role, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (role, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_counts AS c (role, status, n)
      SELECT role, status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (role, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO user_counts AS c (role, status, n)
      SELECT role, status, sum(d)
        FROM (SELECT role, status, -1 AS d FROM old_rows UNION ALL SELECT role, status, 1 FROM new_rows) AS changed
        GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (role, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_count_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_apply"();
--> statement-breakpoint
CREATE FUNCTION "row_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'devices' THEN DELETE FROM device_counts; ELSE DELETE FROM user_counts; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "devices_count_truncate" AFTER TRUNCATE ON "devices" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_truncated"();
--> statement-breakpoint
INSERT INTO device_counts (type, is_connected, assigned, firmware_version, n)
  SELECT type, is_connected, user_id IS NOT NULL, coalesce(firmware_version, ''), count(*) FROM devices GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO user_counts (role, status, n) SELECT role, status, count(*) FROM users GROUP BY 1, 2;
