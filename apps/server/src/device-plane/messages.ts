import {
  ackMessageSchema,
  DEVICE_MESSAGE_MAX_BYTES,
  READING_RANGES,
  otaStatusSchema,
  reportedStateSchema,
  statusMessageSchema,
  TELEMETRY_MAX_CLOCK_AHEAD_MS,
  telemetryMessageSchema,
  type AckMessage,
  type DeviceTopicKind,
  type OtaStatus,
  type ReportedState,
  type TelemetryMessage,
} from '@isaac/contract';
import type { z } from 'zod';

/** A device message the server reads, by topic kind (what a device may publish). */
export type DeviceMessageKind = Exclude<DeviceTopicKind, 'cmd' | 'ota'>;

/** A telemetry message as stored: its time settled (a Date the server trusts). */
export type Telemetry = Omit<TelemetryMessage, 'at'> & { at: Date };

export interface DeviceMessages {
  status: 'online' | 'offline';
  state: ReportedState;
  telemetry: Telemetry;
  ack: AckMessage;
  ota_status: OtaStatus;
}

/** Why a message was refused (counted per device; the admin device page shows the last one). */
export type RefusalReason = 'too_large' | 'not_utf8' | 'not_json' | 'invalid';

export type ReadResult<K extends DeviceMessageKind> =
  { ok: true; message: DeviceMessages[K] } | { ok: false; reason: RefusalReason; detail: string };

const SCHEMAS = {
  status: statusMessageSchema,
  state: reportedStateSchema,
  telemetry: telemetryMessageSchema,
  ack: ackMessageSchema,
  ota_status: otaStatusSchema,
} satisfies Record<DeviceMessageKind, z.ZodType>;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads one device message at the edge (issue 27): the payload's size against its topic's limit, strict
 * UTF-8, JSON (status is plain text), the contract's schema (finite numbers in physical ranges, bounded
 * strings). A telemetry time outside [now − retention, now + 5 min] is replaced by the receive time, so a
 * device's clock can neither write into the past nor poison "last seen" with the future. Never throws.
 */
export function readDeviceMessage<K extends DeviceMessageKind>(
  kind: K,
  payload: Uint8Array,
  receivedAt: Date,
  retentionDays: number,
): ReadResult<K> {
  const limit = DEVICE_MESSAGE_MAX_BYTES[kind];
  if (payload.byteLength > limit) {
    return { ok: false, reason: 'too_large', detail: `${payload.byteLength} bytes (at most ${limit})` };
  }
  let text: string;
  try {
    text = utf8.decode(payload);
  } catch {
    return { ok: false, reason: 'not_utf8', detail: 'not UTF-8' };
  }
  let value: unknown = text;
  if (kind !== 'status') {
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, reason: 'not_json', detail: 'not JSON' };
    }
  }
  const parsed = SCHEMAS[kind].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { ok: false, reason: 'invalid', detail: `${where}${issue?.message ?? 'invalid'}`.slice(0, 200) };
  }
  if (kind !== 'telemetry') return { ok: true, message: parsed.data as DeviceMessages[K] };
  const { at, ...readings } = parsed.data as TelemetryMessage;
  for (const name of Object.keys(READING_RANGES) as Array<keyof typeof READING_RANGES>) {
    const value = readings[name];
    if (value !== undefined) readings[name] = roundReading(value);
  }
  return {
    ok: true,
    message: { ...readings, at: settledTime(at, receivedAt, retentionDays) } as DeviceMessages[K],
  };
}

/**
 * A reading at the precision sensors have (a thousandth): a value like 5e-324 is in range but PostgreSQL's
 * `real` refuses it (underflow), which cost a whole batch before property tests found it.
 */
export function roundReading(value: number): number {
  return Math.round(value * 1000) / 1000 || 0;
}

/** A reading's time: the device's when it lies inside [now − retention, now + 5 min], else the receive time. */
export function settledTime(at: string | undefined, receivedAt: Date, retentionDays: number): Date {
  if (at === undefined) return receivedAt;
  const ms = Date.parse(at);
  const now = receivedAt.getTime();
  const earliest = now - retentionDays * 24 * 3_600_000;
  if (!Number.isFinite(ms) || ms < earliest || ms > now + TELEMETRY_MAX_CLOCK_AHEAD_MS) return receivedAt;
  return new Date(ms);
}
