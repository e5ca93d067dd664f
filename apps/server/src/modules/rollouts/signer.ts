import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring, device-bound firmware download links (issue 14): `<payload>.<HMAC>` where the payload names
 * the image, the device and the expiry; only the server can make one, and it is good for that device only.
 */
export class DownloadSigner {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('isaac-firmware-download-v1').digest();
  }

  /** A link for `deviceId` to fetch `firmwareId` until `expiresAt`; with `rolloutId`, what it fetches is recorded there. */
  sign(firmwareId: string, deviceId: string, expiresAt: Date, rolloutId?: string): string {
    const payload = Buffer.from(
      JSON.stringify({
        f: firmwareId,
        d: deviceId,
        e: expiresAt.getTime(),
        ...(rolloutId ? { r: rolloutId } : {}),
      }),
    ).toString('base64url');
    return `${payload}.${createHmac('sha256', this.key).update(payload).digest('base64url')}`;
  }

  /** The image and device a token is for, or null (forged, altered, or expired at `now`). */
  verify(
    token: string,
    now: Date,
  ): { firmwareId: string; deviceId: string; rolloutId: string | null } | null {
    const [payload, mac] = token.split('.');
    if (!payload || !mac) return null;
    const expected = createHmac('sha256', this.key).update(payload).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const { f, d, e, r } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        f: string;
        d: string;
        e: number;
        r?: string;
      };
      return e > now.getTime() ? { firmwareId: f, deviceId: d, rolloutId: r ?? null } : null;
    } catch {
      return null;
    }
  }
}
