import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes';
import {
  deviceMayPublish,
  deviceMaySubscribe,
  parseDeviceTopic,
  SERVER_SUBSCRIPTIONS,
} from '@isaac/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { createServer, type Server } from 'node:net';
import type { DeviceCredentials } from './credentials.ts';

/** A message from a device (topic and payload), as the server receives it. */
export type DeviceMessageHandler = (topic: string, payload: Buffer) => void;

/**
 * The server's side of the broker (ADR 036): receives every device's status, state, telemetry and acks, and
 * publishes commands. Embedded (aedes in this process, devices authenticated with their credentials and
 * confined to their own topics) or external (Mosquitto, EMQX: the server is a privileged client).
 */
export interface DeviceBus {
  readonly kind: 'embedded' | 'external';
  /** Where devices connect (mqtt://host:port). */
  readonly url: string;
  start(onMessage: DeviceMessageHandler): Promise<void>;
  publish(topic: string, payload: string, options?: { retain?: boolean }): Promise<void>;
  /** Device ids connected now (embedded only; an external broker reports presence by status messages). */
  connectedCount(): number;
  close(): Promise<void>;
}

function authError(message: string): AuthenticateError {
  const error = new Error(message) as AuthenticateError;
  error.returnCode = 4; // bad user name or password
  return error;
}

/** aedes in this process on `port` (0: any free port), devices authenticated and confined to their topics. */
export class EmbeddedBroker implements DeviceBus {
  readonly kind = 'embedded';
  private aedes: Aedes | null = null;
  private server: Server | null = null;
  private port = 0;

  constructor(
    private readonly credentials: DeviceCredentials,
    private readonly options: { host: string; port: number; publicHost: string },
  ) {}

  get url(): string {
    return `mqtt://${this.options.publicHost}:${this.port}`;
  }

  async start(onMessage: DeviceMessageHandler): Promise<void> {
    const aedes = await Aedes.createBroker({
      // The username is the device id and must be the client id: a device cannot speak for another.
      authenticate: (client: Client, username, password, done) => {
        if (!username || !password || username !== client.id) return done(authError('Not authorized'), false);
        this.credentials.verify(username, password.toString('utf8')).then(
          (ok) => (ok ? done(null, true) : done(authError('Not authorized'), false)),
          () => done(authError('Not authorized'), false),
        );
      },
      authorizePublish: (client, packet, done) => {
        // client null: the server's own publish (commands).
        if (client === null || deviceMayPublish(client.id, packet.topic)) return done(null);
        done(new Error(`${client.id} may not publish to ${packet.topic}`));
      },
      // A refused subscription is granted nothing (SUBACK 0x80); a refused publish ends the connection
      // (MQTT 3.1.1 has no way to refuse one otherwise).
      authorizeSubscribe: (client, subscription, done) => {
        done(null, deviceMaySubscribe(client.id, subscription.topic) ? subscription : null);
      },
    });
    for (const filter of SERVER_SUBSCRIPTIONS) {
      await new Promise<void>((resolve) =>
        aedes.subscribe(
          filter,
          (packet: AedesPublishPacket, callback: () => void) => {
            onMessage(
              packet.topic,
              Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
            );
            callback();
          },
          resolve,
        ),
      );
    }
    // Presence from the broker itself: a device is online from its (authenticated) connection until that
    // connection ends — cleanly, or when its keep-alive lapses (its will says 'offline' too). A device that
    // reconnects while its old connection lingers replaces it: only the newest connection counts.
    const current = new Map<string, Client>();
    const status = (id: string, value: 'online' | 'offline') => {
      if (parseDeviceTopic(`d/${id}/status`)) onMessage(`d/${id}/status`, Buffer.from(value));
    };
    aedes.on('client', (client) => {
      current.set(client.id, client);
      status(client.id, 'online');
    });
    aedes.on('clientDisconnect', (client) => {
      if (current.get(client.id) !== client) return;
      current.delete(client.id);
      status(client.id, 'offline');
    });
    this.aedes = aedes;
    // No Nagle delay on device connections: a command or an acknowledgement is one small packet that should
    // leave at once (with Nagle and delayed ACKs a round trip can stall ~40 ms).
    this.server = createServer((socket) => {
      socket.setNoDelay(true);
      aedes.handle(socket);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.options.port, this.options.host, () => resolve());
    });
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : this.options.port;
  }

  publish(topic: string, payload: string, options: { retain?: boolean } = {}): Promise<void> {
    const aedes = this.aedes;
    if (!aedes) return Promise.reject(new Error('broker not started'));
    return new Promise((resolve, reject) =>
      aedes.publish(
        {
          cmd: 'publish',
          topic,
          payload: Buffer.from(payload),
          qos: 1,
          retain: options.retain ?? false,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  }

  connectedCount(): number {
    return this.aedes?.connectedClients ?? 0;
  }

  /** Closes every device connection (aedes), then stops listening. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.aedes ? this.aedes.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** An external broker (MQTT_URL): the server connects as a privileged client and subscribes to every device. */
/**
 * No Nagle delay on an MQTT client's connection, now and after every reconnect: a command or an
 * acknowledgement is one small packet that should leave at once (with Nagle and delayed ACKs a round trip
 * can stall ~40 ms). mqtt.js opens its TCP socket with Node's default (Nagle on).
 */
export function withoutNagle(client: MqttClient): void {
  const noDelay = () => (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  noDelay();
  client.on('connect', noDelay);
}

export class ExternalBroker implements DeviceBus {
  readonly kind = 'external';
  private client: MqttClient | null = null;

  constructor(
    readonly url: string,
    private readonly auth: { username?: string; password?: string },
  ) {}

  async start(onMessage: DeviceMessageHandler): Promise<void> {
    const client = await mqtt.connectAsync(this.url, {
      clientId: `isaac-server-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      username: this.auth.username,
      password: this.auth.password,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 1000,
    });
    withoutNagle(client);
    client.on('message', (topic, payload) => onMessage(topic, payload));
    await client.subscribeAsync([...SERVER_SUBSCRIPTIONS], { qos: 1 });
    this.client = client;
  }

  async publish(topic: string, payload: string, options: { retain?: boolean } = {}): Promise<void> {
    if (!this.client) throw new Error('broker not connected');
    await this.client.publishAsync(topic, payload, { qos: 1, retain: options.retain ?? false });
  }

  connectedCount(): number {
    return 0;
  }

  async close(): Promise<void> {
    await this.client?.endAsync();
  }
}
