import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alexaGrants, devices, userTwoFactor } from '../db/schema/index.ts';
import { resealWifiPassword } from '../modules/devices/store.ts';
import { SEAL_PURPOSE, SecretBox } from '../modules/two-factor/secret-box.ts';
import { resealTotpSecret } from '../modules/two-factor/service.ts';
import { resealAlexaTokens } from '../modules/voice/alexa-grants.ts';
import type { DataKeyring } from './keyring.ts';

/** What `npm run reseal` did, per kind of sealed value. */
export interface ResealReport {
  /** Values moved to the newest key. */
  resealed: Record<SealedKind, number>;
  /** Values already under the newest key. */
  current: Record<SealedKind, number>;
  /** Values no key of the ring opens (left as they are; named by row id, never by content). */
  unreadable: Array<{ kind: SealedKind; id: string }>;
}

export type SealedKind = 'totp_secret' | 'wifi_password' | 'alexa_access_token' | 'alexa_refresh_token';

const BATCH = 500;

/**
 * Re-seals every sealed value (second-factor secrets, WiFi passwords, Alexa tokens) with the newest data
 * key (ADR 052): each value is opened with whichever key of the ring sealed it (or, for a `v1.` value, the
 * key derived from JWT_SECRET) and written back only if it has not changed meanwhile (compare-and-set, so a
 * value sealed at the same time by the running server is never overwritten). Idempotent: a second run finds
 * everything current. After it, older keys (and JWT_SECRET) no longer open anything and can be retired.
 */
export async function resealAll(db: Db, keyring: DataKeyring): Promise<ResealReport> {
  const report: ResealReport = {
    resealed: { totp_secret: 0, wifi_password: 0, alexa_access_token: 0, alexa_refresh_token: 0 },
    current: { totp_secret: 0, wifi_password: 0, alexa_access_token: 0, alexa_refresh_token: 0 },
    unreadable: [],
  };
  const totp = new SecretBox(keyring, SEAL_PURPOSE.totpSecret);
  const wifi = new SecretBox(keyring, SEAL_PURPOSE.wifiPassword);
  const alexa = new SecretBox(keyring, SEAL_PURPOSE.alexaGrant);

  /** The new sealed value, or null when there is nothing to write (current, or unreadable: reported). */
  const next = (box: SecretBox, kind: SealedKind, id: string, sealed: string, ad: string): string | null => {
    if (box.isCurrent(sealed)) {
      report.current[kind] += 1;
      return null;
    }
    const resealed = box.reseal(sealed, ad);
    if (resealed === null) report.unreadable.push({ kind, id });
    return resealed;
  };

  // Second-factor secrets (the user id as associated data).
  for (let after = ''; ;) {
    const rows = await db
      .select({ userId: userTwoFactor.userId, sealed: userTwoFactor.secretCiphertext })
      .from(userTwoFactor)
      .where(sql`${userTwoFactor.userId} > ${after}`)
      .orderBy(userTwoFactor.userId)
      .limit(BATCH);
    for (const row of rows) {
      const value = next(totp, 'totp_secret', row.userId, row.sealed, row.userId);
      if (value === null) continue;
      if (await resealTotpSecret(db, row.userId, row.sealed, value)) report.resealed.totp_secret += 1;
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.userId;
  }

  // WiFi passwords (in the device's wifi_config, the device id as associated data).
  for (let after = ''; ;) {
    const rows = await db
      .select({ id: devices.id, config: devices.wifiConfig })
      .from(devices)
      .where(sql`${devices.id} > ${after} and ${devices.wifiConfig} ->> 'password_sealed' is not null`)
      .orderBy(devices.id)
      .limit(BATCH);
    for (const row of rows) {
      const sealed = row.config?.password_sealed;
      if (!row.config || !sealed) continue;
      const value = next(wifi, 'wifi_password', row.id, sealed, row.id);
      if (value === null) continue;
      if (await resealWifiPassword(db, { id: row.id, config: row.config }, sealed, value)) {
        report.resealed.wifi_password += 1;
      }
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }

  // Alexa grants' tokens (the user id as associated data).
  for (let after = ''; ;) {
    const rows = await db
      .select({
        userId: alexaGrants.userId,
        access: alexaGrants.accessTokenSealed,
        refresh: alexaGrants.refreshTokenSealed,
      })
      .from(alexaGrants)
      .where(sql`${alexaGrants.userId} > ${after}`)
      .orderBy(alexaGrants.userId)
      .limit(BATCH);
    for (const row of rows) {
      const access = next(alexa, 'alexa_access_token', row.userId, row.access, row.userId);
      const refresh = next(alexa, 'alexa_refresh_token', row.userId, row.refresh, row.userId);
      if (access === null && refresh === null) continue;
      const written = await resealAlexaTokens(
        db,
        row.userId,
        { access: row.access, refresh: row.refresh },
        { access: access ?? row.access, refresh: refresh ?? row.refresh },
      );
      if (written) {
        if (access !== null) report.resealed.alexa_access_token += 1;
        if (refresh !== null) report.resealed.alexa_refresh_token += 1;
      }
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.userId;
  }
  return report;
}
