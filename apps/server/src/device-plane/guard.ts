import { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import type { SecurityEvent } from './counters.ts';

/** The embedded broker's limits (issue 27; settings MQTT_*). */
export interface BrokerLimits {
  /** Largest packet before the CONNACK (bytes): a CONNECT with credentials fits in a few hundred. */
  maxPacketBeforeConnect: number;
  /** Largest packet after it (MQTT_MAX_PACKET_BYTES). */
  maxPacket: number;
  /** A connection that has not been accepted (CONNACK) by then is closed (ms). */
  connectTimeoutMs: number;
  /** Connections at once, in total and per source address. */
  maxConnections: number;
  maxConnectionsPerAddress: number;
  /**
   * New connections per source address: a token bucket (burst, then per second). A socket over it is closed
   * as it is accepted, before anything is read from it: a burst of sockets costs the API as little as can be.
   */
  connectsPerSecondPerAddress: number;
  connectBurstPerAddress: number;
  /** Each device's publish rate: a token bucket of `publishBurst` refilled at `publishPerSecond`. */
  publishPerSecond: number;
  publishBurst: number;
  /** A device that exceeds its rate by this many messages within `strikeWindowMs` is disconnected. */
  strikesToDisconnect: number;
  strikeWindowMs: number;
}

export const DEFAULT_BROKER_LIMITS: BrokerLimits = {
  maxPacketBeforeConnect: 4096,
  maxPacket: 256 * 1024,
  connectTimeoutMs: 5000,
  maxConnections: 100_000,
  maxConnectionsPerAddress: 1000,
  connectsPerSecondPerAddress: 50,
  connectBurstPerAddress: 200,
  publishPerSecond: 5,
  publishBurst: 50,
  strikesToDisconnect: 100,
  strikeWindowMs: 10_000,
};

/** A token bucket: `burst` tokens, refilled at `perSecond` (read at every take, so limits can change live). */
export class TokenBucket {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly rate: () => { perSecond: number; burst: number },
    now: number,
  ) {
    this.tokens = rate().burst;
    this.refilledAt = now;
  }

  take(now: number): boolean {
    const { perSecond, burst } = this.rate();
    this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) / 1000) * perSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether the bucket is full again (nothing to remember about its owner). */
  full(now: number): boolean {
    const { perSecond, burst } = this.rate();
    return this.tokens + ((now - this.refilledAt) / 1000) * perSecond >= burst;
  }
}

/** A device's publish budget: a token bucket, and the excess it has sent lately. */
export class PublishBucket {
  private readonly bucket: TokenBucket;
  private strikes = 0;
  private strikesSince = 0;

  constructor(
    private readonly limits: Pick<
      BrokerLimits,
      'publishPerSecond' | 'publishBurst' | 'strikesToDisconnect' | 'strikeWindowMs'
    >,
    now: number,
  ) {
    this.bucket = new TokenBucket(
      () => ({ perSecond: limits.publishPerSecond, burst: limits.publishBurst }),
      now,
    );
  }

  /** 'pass' (within the rate), 'drop' (over it), or 'disconnect' (over it persistently). */
  take(now: number): 'pass' | 'drop' | 'disconnect' {
    if (this.bucket.take(now)) return 'pass';
    if (now - this.strikesSince > this.limits.strikeWindowMs) {
      this.strikes = 0;
      this.strikesSince = now;
    }
    this.strikes += 1;
    return this.strikes >= this.limits.strikesToDisconnect ? 'disconnect' : 'drop';
  }
}

/** What a guarded connection reports to its broker. */
export interface GuardHooks {
  /** A security event on this connection (the device id once it is known). */
  event(event: SecurityEvent, detail: string): void;
  /** A publish dropped over the device's rate. */
  rateLimited(): void;
  /** The device's bucket (shared by its connections: reconnecting does not refill it); null before CONNACK. */
  bucket(): PublishBucket | null;
  now(): number;
  /**
   * The first packet's header passed: the broker takes the connection now (a socket refused at its first
   * header never costs the broker a client).
   */
  firstPacket(): void;
}

const PUBLISH = 3;
/** MQTT 3.1.1 control packet types by number (for the log). */
const PACKET_NAMES = [
  'reserved',
  'CONNECT',
  'CONNACK',
  'PUBLISH',
  'PUBACK',
  'PUBREC',
  'PUBREL',
  'PUBCOMP',
  'SUBSCRIBE',
  'SUBACK',
  'UNSUBSCRIBE',
  'UNSUBACK',
  'PINGREQ',
  'PINGRESP',
  'DISCONNECT',
  'reserved',
];

/**
 * An MQTT connection as the embedded broker reads it (issue 27). aedes buffers a whole packet before it
 * looks at it, authentication included: a CONNECT header declaring a huge length made it buffer that much per socket.
 * This stream sits between the socket and aedes and reads each packet's fixed header (type, remaining
 * length) as the bytes arrive, before anything is buffered:
 *   - a packet over the limit (a few KB until the broker accepts the CONNECT, MQTT_MAX_PACKET_BYTES after)
 *     closes the connection;
 *   - a connection not accepted within the connect timeout is closed;
 *   - a PUBLISH over the device's rate is skipped whole (never handed to aedes), and a device persistently
 *     over it is disconnected.
 * The broker is handed the connection only when its first packet's header passes (a refused socket never costs
 * it a client). Bytes flow through otherwise unchanged, with the socket's backpressure.
 */
export class GuardedConnection extends Duplex {
  /** The device on this connection, once the broker accepted it. */
  deviceId: string | null = null;
  /** Whether the broker accepted the CONNECT (`accept`). */
  private accepted = false;
  /** Whether the broker has been given the connection (at its first acceptable packet). */
  private handedOver = false;
  /** Bytes of the current packet's body still to pass (or to skip). */
  private bodyLeft = 0;
  private skipping = false;
  /** The fixed header being read (type byte + up to 4 length bytes). */
  private header: number[] = [];
  private readonly connectTimer: NodeJS.Timeout;

  constructor(
    readonly socket: Socket,
    private readonly limits: BrokerLimits,
    private readonly hooks: GuardHooks,
  ) {
    super({ allowHalfOpen: false });
    this.connectTimer = setTimeout(() => {
      if (this.accepted) return;
      hooks.event('connect_timeout', `no accepted CONNECT within ${limits.connectTimeoutMs} ms`);
      this.destroy();
    }, limits.connectTimeoutMs);
    socket.on('data', (chunk: Buffer) => this.scan(chunk));
    socket.on('end', () => this.push(null));
    socket.on('error', (error) => this.destroy(error));
    socket.on('close', () => this.destroy());
  }

  get remoteAddress(): string | undefined {
    return this.socket.remoteAddress;
  }

  /**
   * Passes the chunk on, packet by packet: runs of bytes to pass are cut around a skipped packet; a fixed
   * header split across chunks is held until it is whole (so a skipped packet's header never reaches aedes).
   */
  private scan(chunk: Buffer): void {
    const out: Buffer[] = [];
    let runStart = 0;
    let offset = 0;
    let headerStart = -1;
    while (offset < chunk.length) {
      if (this.bodyLeft > 0) {
        const n = Math.min(this.bodyLeft, chunk.length - offset);
        if (this.skipping) {
          if (offset > runStart) out.push(chunk.subarray(runStart, offset));
          runStart = offset + n;
        }
        offset += n;
        this.bodyLeft -= n;
        continue;
      }
      // A fixed header: the type byte, then the remaining length (1–4 bytes of 7 bits each).
      if (this.header.length === 0) headerStart = offset;
      const byte = chunk[offset]!;
      this.header.push(byte);
      offset += 1;
      if (this.header.length === 1) continue;
      const more = (byte & 0x80) !== 0;
      if (more && this.header.length < 5) continue;
      if (more) return this.refuse('oversized_packet', 'malformed remaining length');
      let length = 0;
      for (let i = this.header.length - 1; i >= 1; i -= 1) length = length * 128 + (this.header[i]! & 0x7f);
      const type = this.header[0]! >> 4;
      const headerBytes = this.header.length;
      const limit = this.accepted ? this.limits.maxPacket : this.limits.maxPacketBeforeConnect;
      if (length + headerBytes > limit) {
        const what = PACKET_NAMES[type] ?? `packet type ${type}`;
        return this.refuse('oversized_packet', `${what} of ${length + headerBytes} bytes (at most ${limit})`);
      }
      if (!this.handedOver) {
        this.handedOver = true;
        this.hooks.firstPacket();
      }
      let verdict: 'pass' | 'drop' | 'disconnect' = 'pass';
      if (type === PUBLISH && this.accepted) verdict = this.hooks.bucket()?.take(this.hooks.now()) ?? 'pass';
      if (verdict === 'disconnect')
        return this.refuse('rate_limit_disconnect', 'publishing persistently over its rate');
      // Bytes of this header that arrived in earlier chunks were held back.
      const held = headerStart < 0 ? this.header.slice(0, headerBytes - offset) : [];
      if (verdict === 'drop') {
        this.hooks.rateLimited();
        const end = headerStart < 0 ? 0 : headerStart;
        if (end > runStart) out.push(chunk.subarray(runStart, end));
        runStart = offset;
        this.skipping = length > 0;
      } else {
        if (held.length > 0) out.push(Buffer.from(held));
        this.skipping = false;
      }
      this.header = [];
      headerStart = -1;
      this.bodyLeft = length;
    }
    // An unfinished header's bytes in this chunk wait for the rest of it.
    const end = this.header.length > 0 ? (headerStart < 0 ? runStart : headerStart) : chunk.length;
    if (end > runStart) out.push(chunk.subarray(runStart, end));
    this.forward(out);
  }

  private forward(parts: Buffer[]): void {
    for (const part of parts) {
      if (part.length > 0 && !this.push(part)) this.socket.pause();
    }
  }

  private refuse(event: SecurityEvent, detail: string): void {
    this.hooks.event(event, detail);
    this.destroy();
  }

  override _read(): void {
    this.socket.resume();
  }

  /** The broker accepted the device's CONNECT: the larger packet limit and its publish rate apply from now. */
  accept(deviceId: string): void {
    this.deviceId = deviceId;
    this.accepted = true;
    clearTimeout(this.connectTimer);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.socket.write(chunk, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.socket.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    clearTimeout(this.connectTimer);
    this.socket.destroy();
    callback(error);
  }
}
