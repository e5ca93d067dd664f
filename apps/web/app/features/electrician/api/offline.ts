import type { Device, Installation, Room } from '@isaac/contract';
import type { QueryClient } from '@tanstack/react-query';
import { feedback, type MutationFeedback } from '~/lib/mutation-feedback';
import { isQueued } from '~/lib/offline/outbox';
import { keepReadsNow } from '~/lib/offline/persist';
import { electricianKeys } from './keys';
import electrician from '~/lib/i18n/en/electrician';

/**
 * The electrician's changes that work offline (issue 34, ADR 070): each is sent with an Idempotency-Key or
 * queued (lib/offline/outbox.ts); a queued one is applied to the cached reads at once, so the screens
 * follow, and the area is refetched only after a change the server has answered.
 */
export const OFFLINE_MSG = electrician.offline;
/** The id of the "saved on this phone" toast: each queued change replaces the one shown. */
const OFFLINE_SAVED_TOAST = 'offline-saved';

/**
 * Feedback for a change that may be queued: "saved on this phone" instead of the success toast — one toast
 * however many changes are saved in a row (ticking each training item offline stacked a toast per tick
 * over the form, and a pointer resting on a toast pauses its timer, so they stayed).
 */
export function offlineFeedback(success?: string, error?: string): MutationFeedback {
  return feedback<unknown, unknown>({
    success: (result) =>
      isQueued(result) ? { message: OFFLINE_MSG.saved, icon: '📴', id: OFFLINE_SAVED_TOAST } : success,
    error,
  });
}

/**
 * After a change: queued → `local` updates the cached reads; answered → the area is refetched (awaited, so
 * the change stays pending until the lists are fresh).
 */
export async function afterChange(client: QueryClient, result: unknown, local: () => void): Promise<void> {
  if (isQueued(result)) {
    local();
    await keepReadsNow();
  } else await client.invalidateQueries({ queryKey: electricianKeys.all });
}

const oneInstallationKey = (id: string) => [...electricianKeys.installations(), 'one', id];

/** Changes the cached installation (the guided install's read, and the lists that hold it). */
export function updateCachedInstallation(
  client: QueryClient,
  id: string,
  change: (installation: Installation) => Installation,
): void {
  client.setQueryData<Installation>(oneInstallationKey(id), (now) => (now ? change(now) : now));
  client.setQueriesData<{ installations?: Installation[] }>(
    { queryKey: electricianKeys.installations() },
    (now) =>
      now && Array.isArray(now.installations)
        ? { ...now, installations: now.installations.map((i) => (i._id === id ? change(i) : i)) }
        : now,
  );
}

/** Changes a cached device of a customer's home (and its line in the cached installations). */
export function updateCachedDevice(
  client: QueryClient,
  deviceId: string,
  change: (device: Device) => Device,
): void {
  client.setQueriesData<{ devices?: Device[] }>({ queryKey: electricianKeys.all }, (now) =>
    now && Array.isArray(now.devices)
      ? { ...now, devices: now.devices.map((d) => (d._id === deviceId ? change(d) : d)) }
      : now,
  );
}

/** A need met offline (WiFi set): the cached installations' line for the device no longer lists it. */
export function clearCachedNeed(client: QueryClient, deviceId: string, need: 'wifi' | 'online'): void {
  const clear = (i: Installation): Installation => ({
    ...i,
    devices: i.devices.map((d) =>
      d.device_id === deviceId ? { ...d, missing: d.missing.filter((m) => m !== need) } : d,
    ),
  });
  client.setQueriesData<Installation | { installations?: Installation[] }>(
    { queryKey: electricianKeys.installations() },
    (now) => {
      if (!now) return now;
      if ('installations' in now && Array.isArray(now.installations))
        return { ...now, installations: now.installations.map(clear) };
      return '_id' in now ? clear(now) : now;
    },
  );
}

/** Adds a room created offline (its placeholder id) to the customer's cached rooms. */
export function addCachedRoom(client: QueryClient, customerId: string, room: Room): void {
  client.setQueryData<{ rooms: Room[] }>(electricianKeys.customerRooms(customerId), (now) =>
    now ? { ...now, rooms: [...now.rooms, room] } : { rooms: [room] },
  );
}

/** The customer's open installation as last read (to resume it offline, where starting needs the server). */
export function cachedOpenInstallation(client: QueryClient, customerId: string): Installation | undefined {
  for (const [, data] of client.getQueriesData<{ installations?: Installation[] }>({
    queryKey: electricianKeys.installations(),
  })) {
    const found = data?.installations?.find((i) => i.customer._id === customerId && i.status !== 'completed');
    if (found) return client.getQueryData<Installation>(oneInstallationKey(found._id)) ?? found;
  }
  return undefined;
}

/** An id standing for a room created offline until the server gives it one (lib/offline/outbox.ts). */
export function placeholderId(): string {
  return `offline-${crypto.randomUUID()}`;
}
