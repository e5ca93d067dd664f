import type { AdminCustomer, AdminDevice, ElectricianSummary } from '@isaac/contract';
import { type Call, type FakeRoute, json } from '~/test/fake-api';
import { makeDevice } from '~/test/factories';

export function makeAdminDevice(patch: Partial<AdminDevice> = {}): AdminDevice {
  return {
    ...makeDevice({ user_id: 'o1' }),
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

/** A fake route answering `METHOD /path` (any query) with a JSON body. */
export function answer(method: string, path: string, respond: (call: Call) => [number, unknown]): FakeRoute {
  return (call) => {
    if (call.method !== method || call.path !== path) return undefined;
    const [status, body] = respond(call);
    return json(status, body);
  };
}
