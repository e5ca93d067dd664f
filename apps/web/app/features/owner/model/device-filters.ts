import { DEVICE_TYPES, type DeviceType } from '@isaac/contract';

/** The room filter value for devices that are in no room (the API's `room_id=none`). */
export const NO_ROOM = 'none';

/** The devices screen's filters, as kept in the URL query (`?room_id=&type=&page=`). */
export interface DeviceFilters {
  /** A room id, NO_ROOM, or null for every room. */
  roomId: string | null;
  type: DeviceType | null;
  page: number;
}

export const NO_FILTERS: DeviceFilters = { roomId: null, type: null, page: 1 };

function isDeviceType(value: string): value is DeviceType {
  return (DEVICE_TYPES as readonly string[]).includes(value);
}

/** Reads the filters from a URL query; unknown or malformed values fall back to "no filter" / page 1. */
export function parseDeviceFilters(params: URLSearchParams): DeviceFilters {
  const roomId = params.get('room_id')?.trim() || null;
  const type = params.get('type');
  const pageText = params.get('page');
  const page = pageText && /^\d+$/.test(pageText) ? Number(pageText) : 1;
  return {
    roomId,
    type: type && isDeviceType(type) ? type : null,
    page: page >= 1 ? page : 1,
  };
}

/** The URL query for the filters; defaults are left out so a clean URL means "everything, page 1". */
export function deviceFiltersToParams(filters: DeviceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.roomId) params.set('room_id', filters.roomId);
  if (filters.type) params.set('type', filters.type);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Changing the room or type starts again at page 1. */
export function withFilter(
  filters: DeviceFilters,
  patch: Partial<Pick<DeviceFilters, 'roomId' | 'type'>>,
): DeviceFilters {
  return { ...filters, ...patch, page: 1 };
}

export function hasActiveFilter(filters: DeviceFilters): boolean {
  return filters.roomId !== null || filters.type !== null;
}

/** The API query of `GET /api/devices` for the filters. */
export function deviceListSearch(filters: DeviceFilters, pageSize: number): string {
  const params = new URLSearchParams({ page: String(filters.page), page_size: String(pageSize) });
  if (filters.roomId) params.set('room_id', filters.roomId);
  if (filters.type) params.set('type', filters.type);
  return params.toString();
}

/** How many pages a list of `total` items has (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
