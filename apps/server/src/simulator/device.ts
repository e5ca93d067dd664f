import type { OtaFault } from '../config.ts';
import {
  commandMessageSchema,
  deviceTopics,
  otaCommandSchema,
  type OtaCommand,
  type OtaStatus,
  type AckMessage,
  type DeviceType,
  type FanSpeed,
  type ReportedState,
  type TelemetryMessage,
} from '@isaac/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { withoutNagle } from '../device-plane/bus.ts';
import { createHash } from 'node:crypto';

/**
 * The air in one room (issue 13): PM2.5 drifting around a baseline, cooking spikes now and then, settling back
 * — faster while a purifier in the room runs. Shared by the room's simulated devices.
 */
export class RoomAir {
  pm25: number;
  private readonly baseline: number;

  constructor(
    baseline = 38,
    private readonly random: () => number = Math.random,
  ) {
    this.baseline = baseline;
    this.pm25 = baseline;
  }

  /** Advances the room by `seconds`: a cooking spike now and then (about four a day), then decay toward the baseline. */
  step(seconds: number, purifying: boolean): number {
    if (this.random() < seconds / (6 * 3600)) this.pm25 += 40 + this.random() * 80;
    const halfLife = purifying ? 6 * 60 : 40 * 60;
    const target = purifying ? this.baseline * 0.35 : this.baseline;
    this.pm25 = target + (this.pm25 - target) * Math.pow(0.5, seconds / halfLife);
    this.pm25 += (this.random() - 0.5) * 2;
    this.pm25 = Math.max(2, this.pm25);
    return this.pm25;
  }
}

/** An update under way on a simulated device. */
interface OtaProgress {
  command: OtaCommand;
  chunks: Buffer[];
  received: number;
  phase: 'downloading' | 'interrupted' | 'flashing';
}

export interface SimulatedDeviceOptions {
  id: string;
  secret: string;
  type: DeviceType;
  gangCount: number;
  url: string;
  state: { power_on: boolean; gang_states: boolean[]; fan_speed: FanSpeed | null };
  /** The room's air (sensors and purifiers in one room share it). */
  air?: RoomAir;
  /** Whether a purifier in the room is on (for the room's air). */
  purifying?: () => boolean;
  ackLatencyMs?: number;
  /** Share of commands refused (0–1). */
  failureRate?: number;
  /** How often telemetry is sent (0: never). */
  telemetryEveryMs?: number;
  keepaliveSeconds?: number;
  random?: () => number;
  /** The firmware it runs (reported in its state; a firmware update changes it). */
  firmwareVersion?: string;
  /** Fault injection for firmware updates (issue 14). */
  otaFault?: 'none' | OtaFault;
  /** ISAAC: the filter life it starts at (percent; 92 by default). */
  filterLife?: number;
}

/** An ISAAC filter lasts about six months of running: the percent it loses per second on. */
const FILTER_WEAR_PER_SECOND = 100 / (180 * 24 * 3600);

/**
 * A simulated ISAAC, SKYWALKER or Lumos device speaking the real protocol with its real credentials: connects
 * (last will 'offline'), says 'online', takes commands on d/{id}/cmd/+ and acknowledges them (with latency and
 * a failure rate), reports its state, sends telemetry. Reconnects by itself (MQTT.js).
 */
/** How long a stopping device waits for the broker to acknowledge its goodbye. */
const STOP_GRACE_MS = 1000;

export class SimulatedDevice {
  private client: MqttClient | null = null;
  private telemetryTimer: NodeJS.Timeout | null = null;
  private filterLife: number;
  readonly state: ReportedState;
  /** `updates`: updates begun; `resumes`: interrupted downloads resumed; `flashes`: new versions installed. */
  readonly stats = {
    commands: 0,
    refused: 0,
    telemetry: 0,
    updates: 0,
    resumes: 0,
    flashes: 0,
    downloadedBytes: 0,
  };
  /** The update in progress: what it fetched so far (kept when a download is interrupted). */
  private ota: OtaProgress | null = null;

  constructor(private readonly options: SimulatedDeviceOptions) {
    this.filterLife = options.filterLife ?? 92;
    this.state = {
      power_on: options.state.power_on,
      gang_states: [...options.state.gang_states],
      fan_speed: options.state.fan_speed,
      ...(options.firmwareVersion ? { firmware_version: options.firmwareVersion } : {}),
    };
  }

  get firmwareVersion(): string | undefined {
    return this.state.firmware_version;
  }

  get id(): string {
    return this.options.id;
  }

  get isOn(): boolean {
    return this.state.power_on;
  }

  get type(): DeviceType {
    return this.options.type;
  }

  /** Which room's air it shares (the demo groups devices by room). */
  roomKey: string | null = null;

  async start(): Promise<void> {
    const topics = deviceTopics(this.options.id);
    const client = await mqtt.connectAsync(this.options.url, {
      clientId: this.options.id,
      username: this.options.id,
      password: this.options.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: this.options.keepaliveSeconds ?? 30,
      reconnectPeriod: 2000,
      will: { topic: topics.status, payload: Buffer.from('offline'), qos: 1, retain: true },
    });
    this.client = client;
    // Small packets leave at once (as device MQTT stacks configure it): no Nagle delay on acknowledgements.
    withoutNagle(client);
    client.on('message', (topic, payload) =>
      topic === topics.ota ? void this.onUpdate(payload) : this.onCommand(topic, payload),
    );
    client.on('connect', () => void this.announce());
    await client.subscribeAsync([topics.commands, topics.ota], { qos: 1 });
    await this.announce();
    const every = this.options.telemetryEveryMs ?? 0;
    if (every > 0 && this.options.type !== 'lumos') {
      void this.sendTelemetry(every / 1000);
      this.telemetryTimer = setInterval(() => void this.sendTelemetry(every / 1000), every);
    }
  }

  private async announce(): Promise<void> {
    const topics = deviceTopics(this.options.id);
    await this.client?.publishAsync(topics.status, 'online', { qos: 1, retain: true });
    await this.client?.publishAsync(topics.state, JSON.stringify(this.state), { qos: 1 });
  }

  private onCommand(topic: string, payload: Buffer): void {
    const commandId = topic.split('/')[3];
    if (!commandId) return;
    let parsed;
    try {
      parsed = commandMessageSchema.safeParse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const desired = parsed.data.desired;
    this.stats.commands += 1;
    setTimeout(() => {
      const random = this.options.random ?? Math.random;
      let ack: AckMessage;
      if (random() < (this.options.failureRate ?? 0)) {
        this.stats.refused += 1;
        ack = { ok: false, error: 'The device could not carry out the command' };
      } else {
        this.state.power_on = desired.power_on;
        if (this.options.type === 'lumos')
          this.state.gang_states = desired.gang_states.slice(0, this.options.gangCount);
        if (this.options.type === 'isaac') this.state.fan_speed = desired.fan_speed;
        ack = { ok: true, state: { ...this.state } };
      }
      void this.client?.publishAsync(deviceTopics(this.options.id).ack(commandId), JSON.stringify(ack), {
        qos: 1,
      });
    }, this.options.ackLatencyMs ?? 20);
  }

  private async reportUpdate(status: OtaStatus): Promise<void> {
    await this.client?.publishAsync(deviceTopics(this.options.id).otaStatus, JSON.stringify(status), {
      qos: 1,
    });
  }

  /**
   * A firmware update (issue 14): downloads the image (in ranges), checks its size and SHA-256, "flashes" it
   * and reboots — coming back on the new version, or, with a power loss injected, on the old one. Faults:
   * wrong checksum, power loss, never answers, slow download.
   * The same update sent again (after a server restart or a reconnect, ADR 053) carries a fresh link: a
   * download in progress goes on with it, an interrupted one resumes from the bytes it has (Range), one
   * already flashing ignores it, and a device already on that version says so again (its state).
   */
  private async onUpdate(payload: Buffer): Promise<void> {
    let command: OtaCommand;
    try {
      command = otaCommandSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    if (command.version === this.state.firmware_version) {
      await this.client?.publishAsync(deviceTopics(this.options.id).state, JSON.stringify(this.state), {
        qos: 1,
      });
      return;
    }
    const current = this.ota;
    if (
      current &&
      current.command.rollout_id === command.rollout_id &&
      current.command.sha256 === command.sha256
    ) {
      current.command = command;
      if (current.phase !== 'interrupted') return;
      this.stats.resumes += 1;
    } else {
      this.stats.updates += 1;
      this.ota = { command, chunks: [], received: 0, phase: 'downloading' };
    }
    if ((this.options.otaFault ?? 'none') === 'never-answers') return;
    await this.runUpdate(this.ota!);
  }

  private async runUpdate(ota: OtaProgress): Promise<void> {
    const fault = this.options.otaFault ?? 'none';
    const report = (state: OtaStatus['state'], extra: Partial<OtaStatus> = {}) =>
      this.reportUpdate({
        rollout_id: ota.command.rollout_id,
        state,
        ...(ota.command.attempt !== undefined ? { attempt: ota.command.attempt } : {}),
        ...extra,
      });
    ota.phase = 'downloading';
    const size = ota.command.size;
    try {
      const chunkSize = Math.max(16 * 1024, Math.ceil(size / 4));
      while (ota.received < size) {
        const end = Math.min(ota.received + chunkSize, size) - 1;
        const response = await fetch(ota.command.url, { headers: { range: `bytes=${ota.received}-${end}` } });
        if (response.status !== 206 && response.status !== 200)
          throw new Error(`download failed: HTTP ${response.status}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        const fresh = response.status === 200 ? bytes.subarray(ota.received) : bytes;
        ota.chunks.push(fresh);
        ota.received += fresh.length;
        this.stats.downloadedBytes += fresh.length;
        await report('DOWNLOADING', { percent: Math.round((100 * ota.received) / size) });
        if (fault === 'slow-download') await new Promise((resolve) => setTimeout(resolve, 300));
      }
    } catch (error) {
      // Interrupted: the bytes so far are kept; the update sent again resumes from them.
      ota.phase = 'interrupted';
      const cause = error instanceof Error && error.cause !== undefined ? `: ${String(error.cause)}` : '';
      await report('FAILED', {
        reason: error instanceof Error ? `${error.message}${cause}`.slice(0, 200) : 'update failed',
      }).catch(() => undefined);
      return;
    }
    ota.phase = 'flashing';
    await report('DOWNLOADED', { percent: 100 });
    const image = Buffer.concat(ota.chunks);
    if (fault === 'wrong-checksum' && image.length > 0) image[0] = image[0]! ^ 0xff;
    const sha256 = createHash('sha256').update(image).digest('hex');
    if (image.length !== size || sha256 !== ota.command.sha256) {
      this.ota = null;
      await report('FAILED', { reason: 'checksum mismatch: the image is not the one announced' });
      return;
    }
    await report('VERIFIED');
    await report('UPDATING');
    // Reboot: gone for a moment, back on the new version (or, after a power loss, the old one).
    const client = this.client;
    this.client = null;
    client?.end(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (fault !== 'power-loss') {
      this.state.firmware_version = ota.command.version;
      this.stats.flashes += 1;
    }
    this.ota = null;
    if (this.telemetryTimer) clearInterval(this.telemetryTimer);
    await this.start();
  }

  /** One telemetry message: the room's PM2.5 (a purifier reads its intake), and what the type reports. */
  async sendTelemetry(seconds: number, at?: Date): Promise<void> {
    const message = this.reading(seconds, at);
    this.stats.telemetry += 1;
    await this.client?.publishAsync(deviceTopics(this.options.id).telemetry, JSON.stringify(message), {
      qos: 0,
    });
  }

  reading(seconds: number, at?: Date): TelemetryMessage {
    const random = this.options.random ?? Math.random;
    const air = this.options.air;
    const pm25 = air ? air.step(seconds, this.options.purifying?.() ?? false) : 20 + random() * 20;
    const round = (value: number) => Math.round(value * 10) / 10;
    if (this.options.type === 'skywalker') {
      return {
        pm25: round(pm25),
        pm10: round(pm25 * 1.6),
        temperature: round(26 + random() * 4),
        humidity: round(45 + random() * 15),
        battery: 80,
        ...(at ? { at: at.toISOString() } : {}),
      };
    }
    if (this.state.power_on)
      this.filterLife = Math.max(0, this.filterLife - seconds * FILTER_WEAR_PER_SECOND);
    return {
      pm25: round(pm25),
      filter_life: Math.round(this.filterLife),
      mode: 'manual',
      ...(at ? { at: at.toISOString() } : {}),
    };
  }

  /** Goes away cleanly: says 'offline', then disconnects. */
  async stop(): Promise<void> {
    if (this.telemetryTimer) clearInterval(this.telemetryTimer);
    const client = this.client;
    this.client = null;
    if (!client) return;
    const graceful = client
      .publishAsync(deviceTopics(this.options.id).status, 'offline', { qos: 1, retain: true })
      .catch(() => undefined)
      .then(() => client.endAsync());
    // A broker that is going away never acknowledges: after a second the device just hangs up.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_GRACE_MS)));
    if ((await Promise.race([graceful, late])) === 'late') await client.endAsync(true).catch(() => undefined);
    clearTimeout(timer);
  }

  /** Disappears without a word (power cut): the broker notices when its keep-alive lapses. */
  kill(): void {
    if (this.telemetryTimer) clearInterval(this.telemetryTimer);
    this.client?.end(true);
    this.client = null;
  }
}
