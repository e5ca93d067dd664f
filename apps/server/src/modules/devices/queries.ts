import { API_MSG, type AqiScale, type Device } from '@isaac/contract';
import { eq, ilike, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { devices, users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { deviceRoomName, presentDevice, presentedDeviceColumns } from './presenter.ts';

/** Device reads other modules share: the one device search, and one device as presented. */

/**
 * THE device search (admin and electrician lists): name, serial number, or the owner's name or e-mail,
 * any case, anywhere in the text (`pattern` from `containsPattern`). A union of index lookups — trigram
 * GIN on devices.name, devices.serial_number, users.name and users.email — so it never reads the whole
 * table; the caller's scope and filters narrow it further.
 */
export function deviceSearch(pattern: string | Placeholder): SQL {
  return sql`${devices.id} in (
    select ${devices.id} from ${devices} where ${ilike(devices.name, pattern)}
    union select ${devices.id} from ${devices} where ${ilike(devices.serialNumber, pattern)}
    union select ${devices.id} from ${devices} join ${users} on ${users.id} = ${devices.userId}
      where ${or(ilike(users.name, pattern), ilike(users.email, pattern))}
  )`;
}

/** A device as the API presents it, with its room's name (after a change, in its transaction); 404 when none. */
export async function presentedDevice(db: Db | Tx, deviceId: string, aqiScale: AqiScale): Promise<Device> {
  const [row] = await db
    .select({ device: presentedDeviceColumns, roomName: deviceRoomName })
    .from(devices)
    .where(eq(devices.id, deviceId));
  if (!row) throw notFound(API_MSG.deviceNotFound);
  return presentDevice(row.device, row.roomName, aqiScale);
}
