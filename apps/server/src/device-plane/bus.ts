import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes';
import {
  deviceMayPublish,
  deviceMaySubscribe,
  parseDeviceTopic,
  SERVER_SUBSCRIPTIONS,
} from '@isaac/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import type { SecurityEvent } from './counters.ts';
import type { DeviceCredentials } from './credentials.ts';
import { GuardedConnection, PublishBucket, TokenBucket, type BrokerLimits } from './guard.ts';

/** A message from a device (topic and payload), as the server receives it. */
/**
 * A message from a device. `replayed`: a retained message the broker sends again on a (re)subscription (a
 * device's last status), not one published now.
 */
export type DeviceMessageHandler = (topic: string, payload: Buffer, replayed?: boolean) => void;

/** What the bus tells the device plane. */
export interface BusHandlers {
  message: DeviceMessageHandler;
  /** A security event at the broker (embedded broker: it sees every connection). */
  security?: (
    event: SecurityEvent,
    who: { deviceId?: string | null; address?: string | null },
    detail: string,
  ) => void;
  /** A device's publish dropped over its rate. */
  rateLimited?: (deviceId: string) => void;
  /** The server's connection to an external broker went down (false) or is back (true). */
  connection?: (up: boolean) => void;
}

/** An `mqtts` listener (MQTT_TLS_PORT with MQTT_TLS_CERT_FILE and MQTT_TLS_KEY_FILE). */
export interface TlsListener {
  port: number;
  cert: Buffer;
  key: Buffer;
}

/**
 * The server's side of the broker (ADR 036): receives every device's status, state, telemetry and acks, and
 * publishes commands. Embedded (aedes in this process, devices authenticated with their credentials and
 * confined to their own topics) or external (Mosquitto, EMQX: the server is a privileged client).
 */
export interface DeviceBus {
  readonly kind: 'embedded' | 'external';
  /** Where devices connect (mqtt://host:port). */
  readonly url: string;
  /** The URL a newly registered device is given: the TLS listener's when there is one. */
  readonly deviceUrl: string;
  start(handlers: BusHandlers): Promise<void>;
  publish(topic: string, payload: string, options?: { retain?: boolean }): Promise<void>;
  /** Device ids connected now (embedded only; an external broker reports presence by status messages). */
  connectedCount(): number;
  /** Whether the server can reach its devices now (an external broker's connection is up). */
  readonly up: boolean;
  close(): Promise<void>;
}

function authError(message: string): AuthenticateError {
  const error = new Error(message) as AuthenticateError;
  error.returnCode = 4; // bad user name or password
  return error;
}

/** Buckets of devices not connected for this long are forgotten (a bucket refills in burst/rate seconds). */
const BUCKET_IDLE_MS = 60_000;

/**
 * aedes in this process on `port` (0: any free port) — and an `mqtts` listener when a certificate is
 * configured — devices authenticated and confined to their topics. Every connection passes through a
 * `GuardedConnection` (packet sizes before and after CONNACK, connect timeout, publish rate) and the
 * listener caps connections in total and per source address (issue 27).
 */
export class EmbeddedBroker implements DeviceBus {
  readonly kind = 'embedded';
  readonly up = true;
  private aedes: Aedes | null = null;
  private server: Server | null = null;
  private tlsServer: TlsServer | null = null;
  private port = 0;
  private tlsPort = 0;
  private open = 0;
  private readonly perAddress = new Map<string, number>();
  private readonly buckets = new Map<string, { bucket: PublishBucket; lastSeen: number }>();
  /** New connections per source address (pruned once full again). */
  private readonly connects = new Map<string, TokenBucket>();
  private pruneTimer: NodeJS.Timeout | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly credentials: DeviceCredentials,
    private readonly options: {
      host: string;
      port: number;
      publicHost: string;
      limits: BrokerLimits;
      tls?: TlsListener | null;
    },
  ) {}

  get url(): string {
    return `mqtt://${this.options.publicHost}:${this.port}`;
  }

  get tlsUrl(): string | null {
    return this.options.tls ? `mqtts://${this.options.publicHost}:${this.tlsPort}` : null;
  }

  get deviceUrl(): string {
    return this.tlsUrl ?? this.url;
  }

  async start(handlers: BusHandlers): Promise<void> {
    const onMessage = handlers.message;
    const security = handlers.security ?? (() => undefined);
    const addressOf = (client: Client | null) =>
      (client?.conn as GuardedConnection | undefined)?.remoteAddress ?? null;
    const aedes = await Aedes.createBroker({
      // The guard closes a connection that sends no CONNECT in time; aedes's own timer is the backstop.
      connectTimeout: this.options.limits.connectTimeoutMs * 2,
      // The username is the device id and must be the client id: a device cannot speak for another.
      authenticate: (client: Client, username, password, done) => {
        const refuse = (detail: string) => {
          security(
            'bad_credentials',
            { deviceId: username?.slice(0, 100) ?? null, address: addressOf(client) },
            detail,
          );
          done(authError('Not authorized'), false);
        };
        if (!username || !password) return refuse('no username or password');
        if (username !== client.id) return refuse('username is not the client id');
        this.credentials.verify(username, password.toString('utf8')).then(
          (ok) => (ok ? done(null, true) : refuse('wrong secret')),
          () => refuse('credentials could not be checked'),
        );
      },
      authorizePublish: (client, packet, done) => {
        // client null: the server's own publish (commands).
        if (client === null) return done(null);
        if (!deviceMayPublish(client.id, packet.topic)) {
          security(
            'forbidden_publish',
            { deviceId: client.id, address: addressOf(client) },
            packet.topic.slice(0, 200),
          );
          return done(new Error(`${client.id} may not publish to ${packet.topic}`));
        }
        // Only a device's status is retained (one message per device): a retained message on any other
        // topic (an ack per command id…) would let one device fill the broker's memory.
        if (packet.retain && parseDeviceTopic(packet.topic)?.kind !== 'status') packet.retain = false;
        done(null);
      },
      // A refused subscription is granted nothing (SUBACK 0x80); a refused publish ends the connection
      // (MQTT 3.1.1 has no way to refuse one otherwise).
      authorizeSubscribe: (client, subscription, done) => {
        const allowed = deviceMaySubscribe(client.id, subscription.topic);
        if (!allowed) {
          security(
            'denied_subscription',
            { deviceId: client.id, address: addressOf(client) },
            subscription.topic.slice(0, 200),
          );
        }
        done(null, allowed ? subscription : null);
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
      (client.conn as GuardedConnection).accept(client.id);
      status(client.id, 'online');
    });
    aedes.on('clientDisconnect', (client) => {
      if (current.get(client.id) !== client) return;
      current.delete(client.id);
      status(client.id, 'offline');
    });
    this.aedes = aedes;
    const { limits } = this.options;
    const bucketOf = (deviceId: string | null) => {
      if (!deviceId) return null;
      let entry = this.buckets.get(deviceId);
      if (!entry)
        this.buckets.set(deviceId, (entry = { bucket: new PublishBucket(limits, Date.now()), lastSeen: 0 }));
      entry.lastSeen = Date.now();
      return entry.bucket;
    };
    this.pruneTimer = setInterval(() => {
      const cutoff = Date.now() - BUCKET_IDLE_MS;
      for (const [id, entry] of this.buckets)
        if (!current.has(id) && entry.lastSeen < cutoff) this.buckets.delete(id);
      const now = Date.now();
      for (const [address, bucket] of this.connects) if (bucket.full(now)) this.connects.delete(address);
    }, BUCKET_IDLE_MS);
    this.pruneTimer.unref();

    const accept = (socket: Socket) => {
      // No Nagle delay on device connections: a command or an acknowledgement is one small packet that
      // should leave at once (with Nagle and delayed ACKs a round trip stalls).
      socket.setNoDelay(true);
      const address = socket.remoteAddress ?? 'unknown';
      let connects = this.connects.get(address);
      if (!connects) {
        const rate = () => ({
          perSecond: limits.connectsPerSecondPerAddress,
          burst: limits.connectBurstPerAddress,
        });
        this.connects.set(address, (connects = new TokenBucket(rate, Date.now())));
      }
      if (!connects.take(Date.now())) {
        security('connection_limit', { address }, 'connection rate per address');
        socket.destroy();
        return;
      }
      const fromAddress = this.perAddress.get(address) ?? 0;
      if (this.open >= limits.maxConnections || fromAddress >= limits.maxConnectionsPerAddress) {
        security(
          'connection_limit',
          { address },
          this.open >= limits.maxConnections ? 'total' : 'per address',
        );
        socket.destroy();
        return;
      }
      this.open += 1;
      this.perAddress.set(address, fromAddress + 1);
      this.sockets.add(socket);
      socket.once('close', () => {
        this.open -= 1;
        this.sockets.delete(socket);
        const left = (this.perAddress.get(address) ?? 1) - 1;
        if (left > 0) this.perAddress.set(address, left);
        else this.perAddress.delete(address);
      });
      const guard: GuardedConnection = new GuardedConnection(socket, limits, {
        event: (event, detail) => security(event, { deviceId: guard.deviceId, address }, detail),
        rateLimited: () => {
          if (guard.deviceId) handlers.rateLimited?.(guard.deviceId);
        },
        bucket: () => bucketOf(guard.deviceId),
        now: () => Date.now(),
        firstPacket: () => aedes.handle(guard),
      });
    };
    this.server = createServer(accept);
    this.port = await listen(this.server, this.options.port, this.options.host);
    if (this.options.tls) {
      const { cert, key, port } = this.options.tls;
      // A failed TLS handshake never reaches `accept`: the socket is closed by Node.
      this.tlsServer = createTlsServer({ cert, key, handshakeTimeout: limits.connectTimeoutMs }, accept);
      this.tlsServer.on('tlsClientError', (_error, socket) => socket.destroy());
      this.tlsPort = await listen(this.tlsServer, port, this.options.host);
    }
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

  /** Connections open now (authenticated or not). */
  openConnections(): number {
    return this.open;
  }

  /**
   * Stops listening, closes every device connection (aedes), then destroys any socket still open (one that
   * never sent a CONNECT is not aedes's yet), so that close never waits for a device.
   */
  async close(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    const stopped = Promise.all(
      [this.server, this.tlsServer].map(
        (server) => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
      ),
    );
    await new Promise<void>((resolve) => (this.aedes ? this.aedes.close(() => resolve()) : resolve()));
    for (const socket of this.sockets) socket.destroy();
    await stopped;
  }
}

function listen(server: Server | TlsServer, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * The filters an API process subscribes to on an external broker (ADR 061). With a shared-subscription
 * group, telemetry and state go through `$share/<group>/…`: the broker hands each message to ONE of the
 * group's subscribers, so N processes store each reading once. The others stay plain subscriptions, heard by
 * every process: an acknowledgement must reach the process whose request waits for it (the others count it as
 * late and drop it); a status is retained — a broker never replays retained messages to a shared
 * subscription, yet every process needs the statuses again after it reconnects; a firmware-progress report
 * must be applied in order (one step at a time), which a group spreading one device's reports over processes
 * would break. Applying a status or a progress report twice is harmless (each update is guarded by the state
 * it moves from, so one process wins). Without a group (empty) every filter is plain.
 */
export function serverSubscriptions(group: string): string[] {
  const shared = new Set(['d/+/state', 'd/+/telemetry']);
  return SERVER_SUBSCRIPTIONS.map((filter) =>
    group && shared.has(filter) ? `$share/${group}/${filter}` : filter,
  );
}

/**
 * No Nagle delay on an MQTT client's connection, now and after every reconnect: a command or an
 * acknowledgement is one small packet that should leave at once (with Nagle and delayed ACKs a round trip
 * waits for the peer's delayed-ACK timer). mqtt.js opens its TCP socket with Node's default (Nagle on).
 */
export function withoutNagle(client: MqttClient): void {
  const noDelay = () => (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  noDelay();
  client.on('connect', noDelay);
}

/**
 * An external broker (MQTT_URL): the server connects as a privileged client and subscribes to every device
 * (ADR 036), sharing the device stream with the other API processes through MQTT_SHARED_GROUP (ADR 061).
 */
export class ExternalBroker implements DeviceBus {
  readonly kind = 'external';
  private client: MqttClient | null = null;
  private connected = false;

  constructor(
    readonly url: string,
    private readonly auth: { username?: string; password?: string; sharedGroup?: string },
  ) {}

  get deviceUrl(): string {
    return this.url;
  }

  /** What this process subscribes to (ADR 061): `serverSubscriptions` with the configured group. */
  get subscriptions(): string[] {
    return serverSubscriptions(this.auth.sharedGroup ?? '');
  }

  get up(): boolean {
    return this.connected;
  }

  /**
   * Connects and subscribes to every device. When the connection drops the plane is told at once (devices
   * are then unknown: it shows them offline); when it comes back mqtt.js subscribes again and the broker
   * sends every device's retained status anew.
   */
  async start(handlers: BusHandlers): Promise<void> {
    const client = await mqtt.connectAsync(this.url, {
      clientId: `isaac-server-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      username: this.auth.username,
      password: this.auth.password,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
    });
    withoutNagle(client);
    this.connected = true;
    client.on('message', (topic, payload, packet) => handlers.message(topic, payload, packet.retain));
    const down = () => {
      if (!this.connected) return;
      this.connected = false;
      handlers.connection?.(false);
    };
    client.on('close', down);
    client.on('offline', down);
    client.on('connect', () => {
      if (this.connected) return;
      this.connected = true;
      handlers.connection?.(true);
    });
    await client.subscribeAsync(this.subscriptions, { qos: 1 });
    this.client = client;
  }

  async publish(topic: string, payload: string, options: { retain?: boolean } = {}): Promise<void> {
    if (!this.client || !this.connected) throw new Error('broker not connected');
    await this.client.publishAsync(topic, payload, { qos: 1, retain: options.retain ?? false });
  }

  connectedCount(): number {
    return 0;
  }

  async close(): Promise<void> {
    this.connected = false;
    this.client?.removeAllListeners('close');
    // Forced: a broker that is down must not hold the shutdown.
    await this.client?.endAsync(true);
  }
}
