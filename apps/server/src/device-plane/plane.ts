import {
  deviceTopics,
  parseDeviceTopic,
  type AckMessage,
  type CommandMessage,
  type OtaStatus,
  type ReportedState,
} from '@isaac/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { DeviceRow } from '../db/schema/index.ts';
import type { EventBus } from '../events.ts';
import type { AuditLog } from '../modules/audit/audit-log.ts';
import type { DeviceState, DeviceTransport } from '../modules/device-commands/service.ts';
import { KeyedQueue } from '../keyed-queue.ts';
import { allOffline, setPresence, storeReportedState } from '../modules/devices/store.ts';
import type { DeviceBus } from './bus.ts';
import { BrokerSecurityLog, DeviceMessageCounters } from './counters.ts';
import { TelemetryIngest, type IngestOptions } from './ingest.ts';
import { readDeviceMessage, type Telemetry } from './messages.ts';

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
 * Every message is read at the edge (issue 27, ADR 057): a refused one is counted for its device and dropped;
 * nothing a device sends can throw out of here or reach SQL unchecked.
 */
export class DevicePlane implements DeviceTransport {
  readonly name = 'mqtt';
  readonly requiresConnection = true;
  private readonly pending = new Map<string, Pending>();
  readonly stats = { received: 0, malformed: 0, acks: 0, lateAcks: 0, published: 0 };
  /**
   * A device's statuses and state reports reach the database in the order they arrived: handled side by
   * side, an `offline` written after the `online` that followed it would show a connected device offline.
   */
  private readonly inOrder = new KeyedQueue();

  /** Settles once the device's statuses and state reports heard so far are written. */
  written(deviceId: string): Promise<void> {
    return this.inOrder.idle(deviceId);
  }
  /** Messages not stored, per device (refused, over the rate, shed). */
  readonly dropped: DeviceMessageCounters;
  /** The broker's security events. */
  readonly security: BrokerSecurityLog;
  /** How a payload is read at the edge (bench:devices swaps in a reader without checks to price them). */
  readMessage: typeof readDeviceMessage = readDeviceMessage;
  /** Telemetry, buffered and written in batches. */
  readonly ingest: TelemetryIngest;

  /**
   * What the plane hears is published on `events` (a device's state, presence, firmware progress and version;
   * the readings stored): the rollouts, auto mode and voice assistants listen (subscribed in createServices).
   */
  constructor(
    private readonly db: Db,
    readonly bus: DeviceBus,
    ingest: IngestOptions,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly options: {
      ackTimeoutMs: number;
      retentionDays: number;
      /**
       * Whether other API processes are alive on this database (ADR 061): then they hear the devices, and
       * this process neither resets every device to offline at its start nor when it alone loses the broker.
       */
      othersAlive?: () => Promise<boolean>;
    },
    private readonly events: EventBus | null = null,
    audit: AuditLog | null = null,
  ) {
    this.dropped = new DeviceMessageCounters(db, now, log);
    this.security = new BrokerSecurityLog(log, now, audit ? { log: audit, db } : null);
    this.ingest = new TelemetryIngest(db, log, ingest, events, (deviceId, count) =>
      this.dropped.record(deviceId, 'shed', null, count),
    );
  }

  /** Nothing is connected before the broker starts: every device is offline until it says otherwise. */
  async start(): Promise<void> {
    if (!(await this.options.othersAlive?.())) await this.allOffline();
    this.dropped.start();
    await this.bus.start({
      message: (topic, payload, replayed) => {
        this.receive(topic, payload, replayed === true).catch((error: unknown) => {
          this.stats.malformed += 1;
          this.log.warn({ err: error, topic }, 'device message dropped');
        });
      },
      security: (event, who, detail) => this.security.record(event, who, detail),
      rateLimited: (deviceId) => this.dropped.record(deviceId, 'rate_limited'),
      connection: (up) => {
        // Presence that tells the truth: without its broker the server cannot know which device is
        // connected, so every device shows offline (commands answer 'Device is offline') until the broker
        // sends their retained statuses again.
        if (up) return this.log.warn('mqtt: broker connection back');
        void (async () => {
          if (await this.options.othersAlive?.()) {
            return this.log.warn('mqtt: broker connection lost: the other API processes keep presence');
          }
          this.log.warn('mqtt: broker connection lost: every device is shown offline until it reports again');
          await this.allOffline();
        })().catch((error: unknown) => this.log.error({ err: error }, 'presence reset failed'));
      },
    });
  }

  private async allOffline(): Promise<void> {
    const rows = await allOffline(this.db, this.now());
    for (const row of rows) this.stateChanged(row);
  }

  private stateChanged(device: DeviceRow): void {
    this.events?.announce('device.state_changed', { device });
  }

  async close(): Promise<void> {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new DeliveryTimeout('server shutting down'));
      this.pending.delete(id);
    }
    await this.bus.close();
    await this.ingest.close();
    await this.dropped.close();
  }

  /**
   * One message from the broker. The topic names the device (the broker authenticated it); the payload is
   * read at the edge (`readDeviceMessage`): a refused message is counted for its device and never reaches SQL.
   */
  private async receive(topic: string, payload: Buffer, replayed = false): Promise<void> {
    this.stats.received += 1;
    const parsed = parseDeviceTopic(topic);
    if (!parsed || parsed.kind === 'cmd' || parsed.kind === 'ota') return void (this.stats.malformed += 1);
    const at = this.now();
    const read = this.readMessage(parsed.kind, payload, at, this.options.retentionDays);
    if (!read.ok) {
      this.stats.malformed += 1;
      this.dropped.record(parsed.deviceId, 'refused', `${parsed.kind}: ${read.detail}`);
      return;
    }
    switch (parsed.kind) {
      case 'status': {
        const online = read.message === 'online';
        const row = await this.inOrder.run(parsed.deviceId, () =>
          setPresence(this.db, parsed.deviceId, online, at, replayed),
        );
        if (row) this.stateChanged(row);
        if (row && online) await this.events?.publish('device.online', { deviceId: row.id });
        return;
      }
      case 'ack': {
        const ack = read.message as AckMessage;
        const pending = parsed.commandId ? this.pending.get(parsed.commandId) : undefined;
        if (!pending || pending.deviceId !== parsed.deviceId) return void (this.stats.lateAcks += 1);
        this.stats.acks += 1;
        clearTimeout(pending.timer);
        this.pending.delete(parsed.commandId!);
        if (ack.ok) pending.resolve(ack.state);
        else pending.reject(new DeliveryRefused(ack.error));
        return;
      }
      case 'state': {
        const state = read.message as ReportedState;
        const row = await this.inOrder.run(parsed.deviceId, () =>
          storeReportedState(this.db, parsed.deviceId, state, at),
        );
        if (row) this.stateChanged(row);
        if (state.firmware_version) {
          await this.events?.publish('device.version', {
            deviceId: parsed.deviceId,
            version: state.firmware_version,
          });
        }
        return;
      }
      case 'ota_status': {
        await this.events?.publish('device.ota_status', {
          deviceId: parsed.deviceId,
          status: read.message as OtaStatus,
          at,
        });
        return;
      }
      case 'telemetry': {
        this.ingest.add(parsed.deviceId, read.message as Telemetry);
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
    if (!this.bus.up) return Promise.reject(new DeliveryTimeout('the broker is not reachable'));
    const topics = deviceTopics(device.id);
    const message: CommandMessage = { desired, issued_at: this.now().toISOString() };
    return new Promise<ReportedState>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(commandId);
        reject(new DeliveryTimeout(`no acknowledgement in ${this.options.ackTimeoutMs} ms`));
      }, this.options.ackTimeoutMs);
      this.pending.set(commandId, { deviceId: device.id, resolve, reject, timer });
      this.stats.published += 1;
      this.bus.publish(topics.command(commandId), JSON.stringify(message)).catch((error: unknown) => {
        clearTimeout(timer);
        this.pending.delete(commandId);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }
}
