import { eq } from 'drizzle-orm';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Tx } from '../db/client.ts';
import { deviceCredentials } from '../db/schema/index.ts';

const digest = (secret: string) => createHash('sha256').update(secret).digest();

/**
 * Device credentials (issue 13, ADR 036): an MQTT username (the device id) and a random secret issued at
 * registration, shown once, stored as its SHA-256. Verified secrets are remembered for a minute (a device
 * reconnecting in a loop does not read the table every time; a new secret replaces the entry).
 */
export class DeviceCredentials {
  private readonly verified = new Map<string, { hash: Buffer; until: number }>();

  constructor(private readonly db: Db) {}

  /** A new secret for the device (replacing any earlier one); only its hash is kept. */
  async issue(
    deviceId: string,
    executor: Db | Tx = this.db,
    secret = `isaac_ds_${randomBytes(32).toString('base64url')}`,
  ) {
    const secretHash = digest(secret).toString('hex');
    await executor
      .insert(deviceCredentials)
      .values({ deviceId, secretHash })
      .onConflictDoUpdate({ target: deviceCredentials.deviceId, set: { secretHash, createdAt: new Date() } });
    this.verified.delete(deviceId);
    return secret;
  }

  async verify(deviceId: string, secret: string): Promise<boolean> {
    const given = digest(secret);
    const cached = this.verified.get(deviceId);
    if (cached && cached.until > Date.now() && cached.hash.equals(given)) return true;
    const [row] = await this.db
      .select({ secretHash: deviceCredentials.secretHash })
      .from(deviceCredentials)
      .where(eq(deviceCredentials.deviceId, deviceId))
      .limit(1);
    if (!row) return false;
    const stored = Buffer.from(row.secretHash, 'hex');
    const ok = stored.length === given.length && timingSafeEqual(stored, given);
    if (ok) this.verified.set(deviceId, { hash: given, until: Date.now() + 60_000 });
    return ok;
  }
}

/**
 * The secret of a demo device (DEMO only): derived from the server secret and the device's serial number, so
 * the in-process simulator can connect the demo devices after every restart without storing a secret.
 */
export function demoDeviceSecret(serverSecret: string, serialNumber: string): string {
  return `isaac_ds_${createHmac('sha256', serverSecret).update(`demo-device:${serialNumber}`).digest('base64url')}`;
}
