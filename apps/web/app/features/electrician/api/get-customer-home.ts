import type { Device, Room } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { electricianKeys } from './keys';

/** GET /electrician/user/{id}/devices → {devices}. */
export function getCustomerDevices(id: string, signal?: AbortSignal): Promise<{ devices: Device[] }> {
  return apiRequest(`/electrician/user/${encodeURIComponent(id)}/devices`, { signal });
}

/** GET /electrician/user/{id}/rooms → {rooms}. */
export function getCustomerRooms(id: string, signal?: AbortSignal): Promise<{ rooms: Room[] }> {
  return apiRequest(`/electrician/user/${encodeURIComponent(id)}/rooms`, { signal });
}

/** The selected customer's devices and rooms (customer mode); nothing while no customer is chosen. */
export function useCustomerHome(id: string | null) {
  const devices = useQuery({
    queryKey: electricianKeys.customerDevices(id ?? ''),
    queryFn: ({ signal }) => getCustomerDevices(id ?? '', signal),
    enabled: id !== null,
    ...DASHBOARD_QUERY_OPTIONS,
  });
  const rooms = useQuery({
    queryKey: electricianKeys.customerRooms(id ?? ''),
    queryFn: ({ signal }) => getCustomerRooms(id ?? '', signal),
    enabled: id !== null,
    ...DASHBOARD_QUERY_OPTIONS,
  });
  return { devices, rooms };
}
