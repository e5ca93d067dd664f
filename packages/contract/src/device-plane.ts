import { z } from 'zod';
import { FAN_SPEEDS } from './device-state.ts';
import type { RolloutDeviceState } from './constants.ts';
import { TELEMETRY_BUCKETS, type TelemetryBucket } from './air-quality-rules.ts';

/**
 * The device protocol (issue 13, ADR 036): MQTT 3.1.1 topics and the JSON each carries, validated on both
 * sides (server, simulator). MQTT 3.1.1 has no response topic: a command's id travels in its topic and the
 * acknowledgement comes back on the matching ack topic.
 *
 *   d/{id}/cmd/{cmdId}   server → device   a desired state
 *   d/{id}/ack/{cmdId}   device → server   done (the state now) or refused (why)
 *   d/{id}/status        device (retained) 'online' on connect, 'offline' as its last will
 *   d/{id}/state         device → server   its state whenever it changes (a button pressed on the wall)
 *   d/{id}/telemetry     device → server   readings
 *   d/{id}/ota           server → device   a firmware update to fetch and install (issue 14)
 *   d/{id}/ota/status    device → server   its progress: DOWNLOADING (percent), DOWNLOADED, VERIFIED, UPDATING, FAILED
 */
export const DEVICE_TOPIC_ROOT = 'd';

export const deviceTopics = (deviceId: string) => ({
  prefix: `${DEVICE_TOPIC_ROOT}/${deviceId}/`,
  command: (commandId: string) => `${DEVICE_TOPIC_ROOT}/${deviceId}/cmd/${commandId}`,
  commands: `${DEVICE_TOPIC_ROOT}/${deviceId}/cmd/+`,
  ack: (commandId: string) => `${DEVICE_TOPIC_ROOT}/${deviceId}/ack/${commandId}`,
  status: `${DEVICE_TOPIC_ROOT}/${deviceId}/status`,
  state: `${DEVICE_TOPIC_ROOT}/${deviceId}/state`,
  telemetry: `${DEVICE_TOPIC_ROOT}/${deviceId}/telemetry`,
  ota: `${DEVICE_TOPIC_ROOT}/${deviceId}/ota`,
  otaStatus: `${DEVICE_TOPIC_ROOT}/${deviceId}/ota/status`,
});

/** What the server subscribes to (every device). */
export const SERVER_SUBSCRIPTIONS = [
  'd/+/status',
  'd/+/state',
  'd/+/telemetry',
  'd/+/ack/+',
  'd/+/ota/status',
] as const;

export type DeviceTopicKind = 'cmd' | 'ack' | 'status' | 'state' | 'telemetry' | 'ota' | 'ota_status';

/**
 * The largest payload the server reads on each topic a device publishes (bytes, issue 27): a message over it
 * is refused before it is parsed. The broker's packet limit (MQTT_MAX_PACKET_BYTES) bounds everything else.
 */
export const DEVICE_MESSAGE_MAX_BYTES = {
  status: 16,
  state: 1024,
  telemetry: 4096,
  ack: 2048,
  ota_status: 1024,
} as const satisfies Record<Exclude<DeviceTopicKind, 'cmd' | 'ota'>, number>;

/** A device topic's parts, or null for any other topic. */
export function parseDeviceTopic(
  topic: string,
): { deviceId: string; kind: DeviceTopicKind; commandId: string | null } | null {
  const parts = topic.split('/');
  if (parts[0] !== DEVICE_TOPIC_ROOT || !parts[1] || parts.length < 3 || parts.length > 4) return null;
  const [, deviceId, kind, commandId] = parts;
  if (kind === 'ota') {
    if (parts.length === 3) return { deviceId, kind: 'ota', commandId: null };
    return commandId === 'status' ? { deviceId, kind: 'ota_status', commandId: null } : null;
  }
  if (kind === 'cmd' || kind === 'ack') {
    return commandId ? { deviceId, kind, commandId } : null;
  }
  if ((kind === 'status' || kind === 'state' || kind === 'telemetry') && parts.length === 3) {
    return { deviceId, kind, commandId: null };
  }
  return null;
}

/**
 * Whether a device (its client id is its device id) may publish to `topic`: only under its own prefix,
 * and only what a device sends (ack, status, state, telemetry) — never a command, never another's topic.
 */
export function deviceMayPublish(deviceId: string, topic: string): boolean {
  const parsed = parseDeviceTopic(topic);
  return parsed !== null && parsed.deviceId === deviceId && parsed.kind !== 'cmd' && parsed.kind !== 'ota';
}

/** Whether a device may subscribe to `filter`: only its own commands (no wildcard beyond them). */
export function deviceMaySubscribe(deviceId: string, filter: string): boolean {
  const own = deviceTopics(deviceId);
  return filter === own.commands || filter === `${DEVICE_TOPIC_ROOT}/${deviceId}/cmd/#` || filter === own.ota;
}

const gangStates = z.array(z.boolean()).max(4);

/** The state a device reports (in an ack, on its state topic). */
export const reportedStateSchema = z.object({
  power_on: z.boolean(),
  gang_states: gangStates.optional(),
  fan_speed: z.enum(FAN_SPEEDS).nullable().optional(),
  firmware_version: z.string().max(40).optional(),
});
export type ReportedState = z.infer<typeof reportedStateSchema>;

/** A command: the whole desired state (idempotent: a repeated command changes nothing). */
export const commandMessageSchema = z.object({
  desired: z.object({
    power_on: z.boolean(),
    gang_states: gangStates,
    fan_speed: z.enum(FAN_SPEEDS).nullable(),
  }),
  issued_at: z.string(),
});
export type CommandMessage = z.infer<typeof commandMessageSchema>;

export const ackMessageSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), state: reportedStateSchema }),
  z.object({ ok: z.literal(false), error: z.string().max(200) }),
]);
export type AckMessage = z.infer<typeof ackMessageSchema>;

/** How a command sent to a device ended (the device_commands table): sent → acked | failed | expired. */
export const DEVICE_COMMAND_STATUSES = ['sent', 'acked', 'failed', 'expired'] as const;
export type DeviceCommandStatus = (typeof DEVICE_COMMAND_STATUSES)[number];

export const statusMessageSchema = z.enum(['online', 'offline']);

/**
 * The physical range of each reading (issue 27): a value outside it is a broken or hostile device, never
 * stored. PM in µg/m³ (a sensor's measuring range), temperature in °C (an ESP32's operating range), the rest
 * in percent.
 */
export const READING_RANGES = {
  pm25: [0, 1000],
  pm10: [0, 1000],
  temperature: [-40, 85],
  humidity: [0, 100],
  battery: [0, 100],
  filter_life: [0, 100],
} as const;

/** How far a device's clock may run ahead of the server's: a later `at` is replaced by the receive time. */
export const TELEMETRY_MAX_CLOCK_AHEAD_MS = 5 * 60_000;

const reading = (name: keyof typeof READING_RANGES) =>
  z.number().min(READING_RANGES[name][0]).max(READING_RANGES[name][1]);

/** Readings: SKYWALKER (PM2.5, PM10, temperature, humidity, battery), ISAAC (PM2.5, fan speed, mode, filter life). */
export const telemetryMessageSchema = z
  .object({
    pm25: reading('pm25').optional(),
    pm10: reading('pm10').optional(),
    temperature: reading('temperature').optional(),
    humidity: reading('humidity').optional(),
    battery: reading('battery').int().optional(),
    filter_life: reading('filter_life').int().optional(),
    mode: z.enum(['manual', 'auto']).optional(),
    /**
     * When the readings were taken (device clock): an ISO date-time with an offset; the server uses the
     * receive time instead when it lies outside [now − retention, now + 5 min].
     */
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((t) => Object.keys(t).some((k) => k !== 'at'), 'A telemetry message carries at least one reading');
export type TelemetryMessage = z.infer<typeof telemetryMessageSchema>;

export const telemetryQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    bucket: z.enum(Object.keys(TELEMETRY_BUCKETS) as [TelemetryBucket, ...TelemetryBucket[]]).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'from must be before to',
    path: ['from'],
  });
export type TelemetryQuery = z.infer<typeof telemetryQuerySchema>;

export const telemetryPointSchema = z.object({
  at: z.string(),
  pm25: z.number().nullable(),
  pm25_min: z.number().nullable(),
  pm25_max: z.number().nullable(),
  pm10: z.number().nullable(),
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
});
export type TelemetryPoint = z.infer<typeof telemetryPointSchema>;
export const telemetryResponseSchema = z.object({
  device_id: z.string(),
  from: z.string(),
  to: z.string(),
  bucket: z.string(),
  points: z.array(telemetryPointSchema),
});
export type TelemetryResponse = z.infer<typeof telemetryResponseSchema>;

/** ISAAC auto mode (issue 13): the PM2.5 threshold an owner may set, and the hysteresis below it. */
/**
 * ISAAC auto mode (issue 13, on the automation engine since issue 33): a PM2.5 threshold above which the
 * purifier is switched on, and off again once the air is back below it by the engine's hysteresis.
 */
export const AUTO_MODE = { minThreshold: 20, maxThreshold: 500 } as const;
export const autoModeSchema = z.object({
  threshold: z
    .number()
    .int()
    .min(AUTO_MODE.minThreshold, `At least ${AUTO_MODE.minThreshold} µg/m³`)
    .max(AUTO_MODE.maxThreshold, `At most ${AUTO_MODE.maxThreshold} µg/m³`)
    .nullable(),
});
export type AutoModeBody = z.infer<typeof autoModeSchema>;

/** A firmware update for one device (issue 14): where to fetch the image, and what it must be. */
export const otaCommandSchema = z.object({
  rollout_id: z.string(),
  version: z.string(),
  url: z.string(),
  size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /**
   * Which sending of the update this is (ADR 053): the server sends it again after a restart or a reconnect
   * (a fresh link; the device resumes its download by Range) and the device echoes it in its reports.
   */
  attempt: z.number().int().min(0).optional(),
});
export type OtaCommand = z.infer<typeof otaCommandSchema>;

/** A device's update progress. UPDATED is never reported: it is the device coming back on the new version. */
export const OTA_DEVICE_STATES = [
  'DOWNLOADING',
  'DOWNLOADED',
  'VERIFIED',
  'UPDATING',
  'FAILED',
] as const satisfies readonly RolloutDeviceState[];
export const otaStatusSchema = z.object({
  rollout_id: z.string(),
  state: z.enum(OTA_DEVICE_STATES),
  percent: z.number().min(0).max(100).optional(),
  reason: z.string().max(200).optional(),
  /** The command's `attempt` this report is about: a report of an older attempt is stale and ignored. */
  attempt: z.number().int().min(0).optional(),
});
export type OtaStatus = z.infer<typeof otaStatusSchema>;
