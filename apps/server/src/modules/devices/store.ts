import { FILTER_CHANGE_JUMP, type ReportedState } from '@isaac/contract';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { devices, type DesiredState, type DeviceRow } from '../../db/schema/index.ts';

/**
 * THE writes of `devices` (issue 31, ADR 063): the devices module owns the table, and every other module
 * changes a device through one of these — a named change of the columns it may touch, on a device the
 * caller has already found (and locked) within its scope. Each runs the one statement the caller ran
 * before, on the caller's transaction or database, so a hot path (the device plane's messages, a command)
 * costs what it did. Whoever calls records the change (activity log, events) as before.
 */

type DeviceSet = Partial<typeof devices.$inferInsert>;

/** A device of an electrician's stock becomes a customer's (`userId`). */
export async function giveToCustomer(tx: Tx, deviceId: string, customerId: string, at: Date): Promise<void> {
  await tx.update(devices).set({ userId: customerId, updatedAt: at }).where(eq(devices.id, deviceId));
}

/** A device goes into a room of its home (or out of every room: null). */
export async function moveToRoom(
  tx: Tx,
  deviceId: string,
  roomId: string | null,
  at: Date,
): Promise<DeviceRow | undefined> {
  const [row] = await tx
    .update(devices)
    .set({ roomId, updatedAt: at })
    .where(eq(devices.id, deviceId))
    .returning();
  return row;
}

/** The devices of a room leave it (the room is being deleted; they stay in the home). */
export async function emptyRoom(tx: Tx, roomId: string, at: Date): Promise<void> {
  await tx.update(devices).set({ roomId: null, updatedAt: at }).where(eq(devices.roomId, roomId));
}

/** The devices leave their owners and rooms: available again (their electrician keeps them). */
export async function releaseFromOwners(tx: Tx, deviceIds: string[], at: Date): Promise<void> {
  if (deviceIds.length === 0) return;
  await tx
    .update(devices)
    .set({ userId: null, roomId: null, updatedAt: at })
    .where(inArray(devices.id, deviceIds));
}

/** Every device of an owner (whose account is being deleted) becomes available; their rooms go with them. */
export async function releaseAllOf(tx: Tx, ownerId: string, at: Date): Promise<void> {
  await tx
    .update(devices)
    .set({ userId: null, roomId: null, updatedAt: at })
    .where(eq(devices.userId, ownerId));
}

/** What an electrician's configuration sets: WiFi (the password sealed) and/or Bluetooth pairing. */
export type Connectivity = Pick<DeviceSet, 'wifiConfigured' | 'wifiConfig' | 'bluetoothPaired'>;

export async function configureConnectivity(
  tx: Tx,
  deviceId: string,
  set: Connectivity,
  at: Date,
): Promise<void> {
  await tx
    .update(devices)
    .set({ ...set, updatedAt: at })
    .where(eq(devices.id, deviceId));
}

/**
 * A sealed WiFi password moved to the newest key (`npm run reseal`, ADR 052): written only if the device still
 * has the value that was read (compare-and-set). True when it was written.
 */
export async function resealWifiPassword(
  db: Db,
  device: { id: string; config: NonNullable<DeviceRow['wifiConfig']> },
  sealed: string,
  resealed: string,
): Promise<boolean> {
  const written = await db
    .update(devices)
    .set({ wifiConfig: { ...device.config, password_sealed: resealed } })
    .where(and(eq(devices.id, device.id), sql`${devices.wifiConfig} ->> 'password_sealed' = ${sealed}`))
    .returning({ id: devices.id });
  return written.length === 1;
}

/** Whether auto mode switched a purifier on (so that it switches it off again, and only then). */
/** A purifier's filter life now and when (at what life) its filter was fitted (the demo's filters). */
export async function markFilterFitted(
  db: Db,
  deviceId: string,
  filter: { life: number; fittedLife: number; at: Date },
): Promise<void> {
  await db
    .update(devices)
    .set({ filterLife: filter.life, filterFittedLife: filter.fittedLife, filterFittedAt: filter.at })
    .where(eq(devices.id, deviceId));
}

/** The copy of a purifier's auto-mode threshold its own read shows (the automations module keeps it). */
export async function setAutoThreshold(db: Db, deviceId: string, threshold: number | null): Promise<void> {
  await db.update(devices).set({ autoThreshold: threshold }).where(eq(devices.id, deviceId));
}

// ───────────── the device plane (issue 13): presence, reported state, readings ─────────────

/**
 * A device's presence as its broker status says; the row when it changed (undefined when it was already so).
 * Every 'online' is a new connection, and stamps `connectedAt` even when the device is already shown
 * connected: a device that reconnects before its old connection's close is heard (a reboot, a power cut)
 * has still rebooted, and a rollout reads the reboot from `connectedAt`. A `replayed` status (the retained
 * one a broker sends again when the server subscribes anew) is no new connection: it only sets presence.
 */
export async function setPresence(
  db: Db,
  deviceId: string,
  online: boolean,
  at: Date,
  replayed = false,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .update(devices)
    .set(
      online
        ? { isConnected: true, lastSeenAt: at, connectedAt: at }
        : { isConnected: false, disconnectedAt: at },
    )
    .where(sql`${devices.id} = ${deviceId} and ${devices.isConnected} is distinct from ${online}`)
    .returning();
  if (!row && online && !replayed)
    await db.update(devices).set({ lastSeenAt: at, connectedAt: at }).where(eq(devices.id, deviceId));
  return row;
}

/** Every connected device shown offline (the broker is gone, or not started yet); the rows that changed. */
export async function allOffline(db: Db, at: Date): Promise<DeviceRow[]> {
  return db
    .update(devices)
    .set({ isConnected: false, disconnectedAt: at })
    .where(eq(devices.isConnected, true))
    .returning();
}

/** The columns a reported state sets (only what it carries). */
export function storedStateOf(state: ReportedState): DeviceSet {
  return {
    powerOn: state.power_on,
    ...(state.gang_states ? { gangStates: state.gang_states } : {}),
    ...(state.fan_speed !== undefined ? { fanSpeed: state.fan_speed } : {}),
    ...(state.firmware_version ? { firmwareVersion: state.firmware_version } : {}),
  };
}

/** The state a device reported on its own (not a command's acknowledgement); the row, if the device exists. */
export async function storeReportedState(
  db: Db,
  deviceId: string,
  state: ReportedState,
  at: Date,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .update(devices)
    .set({ ...storedStateOf(state), lastUpdated: at, lastSeenAt: at, updatedAt: at })
    .where(eq(devices.id, deviceId))
    .returning();
  return row;
}

/**
 * Each device's latest reading of a telemetry batch (`json`: the batch's readings as a JSON array) onto its
 * row: PM2.5 and its time, battery, filter life, mode, last seen — one statement for the batch, in the
 * batch's transaction. The latest time a device was seen never moves past the server's clock (times are
 * checked at the edge; this keeps a stored row sane whatever reaches here). A purifier's first filter life,
 * or one `FILTER_CHANGE_JUMP` points above the last, marks a fitted filter; the new filters are returned
 * (the statement's sub-statements share one snapshot, so the final select still sees the lives before).
 */
export async function storeLatestReadings(
  tx: Tx,
  json: string,
): Promise<{ deviceId: string; life: number; before: number }[]> {
  const fitted = sql`r.filter_life is not null and (d.filter_life is null or d.filter_fitted_at is null
    or r.filter_life >= d.filter_life + ${sql.raw(String(FILTER_CHANGE_JUMP))})`;
  const result = await tx.execute(sql`
    with r as (
      select distinct on (device_id) *
      from jsonb_to_recordset(${json}::jsonb) as x(device_id text, at timestamptz, pm25 real, pm10 real,
           temperature real, humidity real, battery int, filter_life int, mode text)
      order by device_id, at desc
    ), u as (
      update ${devices} d set
        pm25 = coalesce(r.pm25, d.pm25),
        air_quality_at = case when r.pm25 is null then d.air_quality_at else least(r.at, now()) end,
        battery_level = coalesce(r.battery, d.battery_level),
        filter_life = coalesce(r.filter_life, d.filter_life),
        filter_fitted_at = case when ${fitted} then least(r.at, now()) else d.filter_fitted_at end,
        filter_fitted_life = case when ${fitted} then r.filter_life else d.filter_fitted_life end,
        mode = coalesce(r.mode, d.mode),
        last_seen_at = greatest(d.last_seen_at, least(r.at, now()))
      from r
      where d.id = r.device_id
    )
    select r.device_id, r.filter_life as life, d.filter_life as before
      from r join ${devices} d on d.id = r.device_id
     where r.filter_life is not null and d.filter_life is not null
       and r.filter_life >= d.filter_life + ${sql.raw(String(FILTER_CHANGE_JUMP))}`);
  return rowsOf(result).map((row) => ({
    deviceId: String(row.device_id),
    life: Number(row.life),
    before: Number(row.before),
  }));
}

// ───────────── commands (modules/device-commands, ADR 040) ─────────────

/**
 * What a command writes of its device: the state asked for, and the state it has once applied or
 * acknowledged — values, or placeholders filled at execution (`columnValue`).
 */
export type CommandWrite = Pick<
  PgUpdateSetSource<typeof devices>,
  'desiredState' | 'powerOn' | 'gangStates' | 'fanSpeed' | 'lastUpdated' | 'lastSeenAt' | 'updatedAt'
>;

/**
 * A command's write of its device (the `deviceId` placeholder), after `ctes` — the command's own records as
 * data-modifying CTEs — so that the command stays ONE statement, built and prepared once by the caller
 * (ADR 039, ADR 040). `set` holds placeholders filled at execution.
 */
export function commandDeviceWrite(withCtes: Pick<ReturnType<Db['with']>, 'update'>, set: CommandWrite) {
  return withCtes
    .update(devices)
    .set(set)
    .where(eq(devices.id, sql.placeholder('deviceId')))
    .returning();
}

/**
 * A batch of commands' write of their devices (`DeviceCommandService.executeCommands`): each device's desired
 * state, from one JSON list, in ONE statement; the devices as they then are.
 */
export function commandDevicesWrite(
  executor: Db | Tx,
  list: ReadonlyArray<{ deviceId: string; desired: DesiredState }>,
  at: Date,
) {
  const json = JSON.stringify(list.map((c) => ({ device_id: c.deviceId, desired: c.desired })));
  return executor
    .update(devices)
    .set({ desiredState: sql`c.desired`, updatedAt: at })
    .from(sql`jsonb_to_recordset(${json}::jsonb) as c(device_id text, desired jsonb)`)
    .where(sql`${devices.id} = c.device_id`)
    .returning(getTableColumns(devices));
}

/**
 * A wave of acknowledgements' write of their devices (`DeviceCommandService`): the state each device
 * reports, from one JSON list, after `withCtes` (the commands' ends and records) — ONE statement.
 */
export function acknowledgedDevicesWrite(
  withCtes: Pick<ReturnType<Db['with']>, 'update'>,
  list: ReadonlyArray<{
    deviceId: string;
    state: Pick<DesiredState, 'power_on' | 'gang_states'> & { fan_speed: string | null };
  }>,
  at: Date,
) {
  const json = JSON.stringify(
    list.map((a) => ({
      device_id: a.deviceId,
      power_on: a.state.power_on,
      gang_states: a.state.gang_states,
      fan_speed: a.state.fan_speed,
    })),
  );
  return withCtes
    .update(devices)
    .set({
      powerOn: sql`c.power_on`,
      gangStates: sql`c.gang_states`,
      fanSpeed: sql`c.fan_speed`,
      lastUpdated: at,
      lastSeenAt: at,
      updatedAt: at,
    })
    .from(
      sql`jsonb_to_recordset(${json}::jsonb) as c(device_id text, power_on boolean, gang_states jsonb, fan_speed text)`,
    )
    .where(sql`${devices.id} = c.device_id`)
    .returning(getTableColumns(devices));
}
