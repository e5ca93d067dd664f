import {
  ackMessageSchema,
  deviceTopics,
  parseDeviceTopic,
  reportedStateSchema,
  otaStatusSchema,
  statusMessageSchema,
  telemetryMessageSchema,
  type OtaStatus,
  type CommandMessage,
  type ReportedState,
} from '@isaac/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { devices, type DeviceRow } from '../db/schema/index.ts';
import type { DeviceEvents } from '../modules/device-commands/device-events.ts';
import type { DeviceState, DeviceTransport } from '../modules/device-commands/service.ts';
import type { DeviceBus } from './bus.ts';
import type { TelemetryIngest } from './ingest.ts';

/** The device did not acknowledge in time. */
export class DeliveryTimeout extends Error {
  override name = 'DeliveryTimeout';
}
/** The device acknowledged with a refusal (its reason is the message). */
export class DeliveryRefused extends Error {
  override name = 'DeliveryRefused';
}

interface Pending {
  deviceId: string;
  resolve: (state: ReportedState) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The device plane (issue 13, ADR 036): what the broker hears becomes presence (`is_connected`, times),
 * reported state and telemetry; commands go out on `d/{id}/cmd/{cmdId}` and wait for `d/{id}/ack/{cmdId}`.
 * A malformed message is counted and dropped; nothing a device sends can throw out of here.
 */
export class DevicePlane implements DeviceTransport {
  readonly name = 'mqtt';
  readonly requiresConnection = true;
  private readonly pending = new Map<string, Pending>();
  readonly stats = { received: 0, malformed: 0, acks: 0, lateAcks: 0 };
  /** A device's firmware-update progress (rollouts listen, issue 14). */
  onOtaStatus: ((deviceId: string, status: OtaStatus) => Promise<void>) | null = null;
  /** A device reported its firmware version (after an update's reboot). */
  onVersion: ((deviceId: string, version: string) => Promise<void>) | null = null;
  /** A device came online (rollouts send an interrupted update again, ADR 053). */
  onOnline: ((deviceId: string) => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    readonly bus: DeviceBus,
    readonly ingest: TelemetryIngest,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly options: { ackTimeoutMs: number },
    private readonly events: DeviceEvents | null = null,
  ) {}

  /** Nothing is connected before the broker starts: every device is offline until it says otherwise. */
  async start(): Promise<void> {
    await this.db.update(devices).set({ isConnected: false }).where(eq(devices.isConnected, true));
    await this.bus.start((topic, payload) => {
      this.receive(topic, payload).catch((error: unknown) => {
        this.stats.malformed += 1;
        this.log.warn({ err: error, topic }, 'device message dropped');
      });
    });
  }

  async close(): Promise<void> {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new DeliveryTimeout('server shutting down'));
      this.pending.delete(id);
    }
    await this.bus.close();
    await this.ingest.close();
  }

  private parse<T>(
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
    payload: Buffer,
    json = true,
  ) {
    let value: unknown = payload.toString('utf8');
    if (json) {
      try {
        value = JSON.parse(value as string);
      } catch {
        return null;
      }
    }
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }

  private async receive(topic: string, payload: Buffer): Promise<void> {
    this.stats.received += 1;
    const parsed = parseDeviceTopic(topic);
    if (!parsed || parsed.kind === 'cmd' || parsed.kind === 'ota') return void (this.stats.malformed += 1);
    const at = this.now();
    switch (parsed.kind) {
      case 'status': {
        const status = this.parse(statusMessageSchema, payload, false);
        if (!status) return void (this.stats.malformed += 1);
        const online = status === 'online';
        const [row] = await this.db
          .update(devices)
          .set(
            online
              ? { isConnected: true, lastSeenAt: at, connectedAt: at }
              : { isConnected: false, disconnectedAt: at },
          )
          .where(
            sql`${devices.id} = ${parsed.deviceId} and ${devices.isConnected} is distinct from ${online}`,
          )
          .returning();
        if (row) this.events?.stateChanged(row);
        if (row && online) await this.onOnline?.(row.id);
        return;
      }
      case 'ack': {
        const ack = this.parse(ackMessageSchema, payload);
        const pending = parsed.commandId ? this.pending.get(parsed.commandId) : undefined;
        if (!ack) return void (this.stats.malformed += 1);
        if (!pending || pending.deviceId !== parsed.deviceId) return void (this.stats.lateAcks += 1);
        this.stats.acks += 1;
        clearTimeout(pending.timer);
        this.pending.delete(parsed.commandId!);
        if (ack.ok) pending.resolve(ack.state);
        else pending.reject(new DeliveryRefused(ack.error));
        return;
      }
      case 'state': {
        const state = this.parse(reportedStateSchema, payload);
        if (!state) return void (this.stats.malformed += 1);
        const [row] = await this.db
          .update(devices)
          .set({ ...storedStateOf(state), lastUpdated: at, lastSeenAt: at, updatedAt: at })
          .where(eq(devices.id, parsed.deviceId))
          .returning();
        if (row) this.events?.stateChanged(row);
        if (state.firmware_version && this.onVersion)
          await this.onVersion(parsed.deviceId, state.firmware_version);
        return;
      }
      case 'ota_status': {
        const status = this.parse(otaStatusSchema, payload);
        if (!status) return void (this.stats.malformed += 1);
        await this.onOtaStatus?.(parsed.deviceId, status);
        return;
      }
      case 'telemetry': {
        const telemetry = this.parse(telemetryMessageSchema, payload);
        if (!telemetry) return void (this.stats.malformed += 1);
        this.ingest.add(parsed.deviceId, telemetry, at);
        return;
      }
    }
  }

  // ---- DeviceTransport: the stored state waits for the device's report ----

  async apply(): Promise<null> {
    return null;
  }

  /** Publishes the command and resolves with the state the device acknowledges (or rejects: timeout, refusal). */
  deliver(device: DeviceRow, desired: DeviceState, commandId: string): Promise<ReportedState> {
    const topics = deviceTopics(device.id);
    const message: CommandMessage = { desired, issued_at: this.now().toISOString() };
    return new Promise<ReportedState>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(commandId);
        reject(new DeliveryTimeout(`no acknowledgement in ${this.options.ackTimeoutMs} ms`));
      }, this.options.ackTimeoutMs);
      this.pending.set(commandId, { deviceId: device.id, resolve, reject, timer });
      this.bus.publish(topics.command(commandId), JSON.stringify(message)).catch((error: unknown) => {
        clearTimeout(timer);
        this.pending.delete(commandId);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }
}

/** The columns a reported state sets (only what it carries). */
export function storedStateOf(state: ReportedState): Partial<typeof devices.$inferInsert> {
  return {
    powerOn: state.power_on,
    ...(state.gang_states ? { gangStates: state.gang_states } : {}),
    ...(state.fan_speed !== undefined ? { fanSpeed: state.fan_speed } : {}),
    ...(state.firmware_version ? { firmwareVersion: state.firmware_version } : {}),
  };
}
