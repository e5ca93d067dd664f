import type { AdminCustomer, AdminDevice, ElectricianSummary } from '@isaac/contract';
import { vi } from 'vitest';

export const API = 'http://api.test';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function makeAdminDevice(patch: Partial<AdminDevice> = {}): AdminDevice {
  return {
    _id: 'd1',
    name: 'Hall Purifier',
    model: 'ISAAC Air Purifier',
    serial_number: 'ISC-0001',
    type: 'isaac',
    is_connected: true,
    power_on: false,
    status: { is_connected: true, power_on: false },
    battery_level: 80,
    firmware_version: '1.1.0',
    gangs: [],
    room_id: null,
    room_name: null,
    user_id: 'o1',
    wifi_configured: false,
    bluetooth_paired: false,
    last_updated: null,
    created_at: '2026-01-01T00:00:00.000Z',
    owner: { _id: 'o1', name: 'Priya Sharma', email: 'owner@isaac.demo' },
    electrician: null,
    ...patch,
  };
}

export function makeElectrician(patch: Partial<ElectricianSummary> = {}): ElectricianSummary {
  return {
    _id: 'e1',
    name: 'Ravi Kumar',
    email: 'electrician@isaac.demo',
    mobile: null,
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    customers: 2,
    devices: 3,
    installations: { total: 1, pending: 1, in_progress: 0, completed: 0 },
    ...patch,
  };
}

export function makeCustomer(patch: Partial<AdminCustomer> = {}): AdminCustomer {
  return {
    _id: 'o1',
    name: 'Priya Sharma',
    email: 'owner@isaac.demo',
    mobile: null,
    assignment: null,
    ...patch,
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch stub answering `METHOD /path` routes; every call is recorded with its JSON body. */
export function fakeAdminApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/auth/csrf-token') return json(200, { csrf_token: 'csrf' });
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(url, init) : json(404, { error: 'not_found', message: 'Not found' });
  });
  return { fetchMock, calls };
}
