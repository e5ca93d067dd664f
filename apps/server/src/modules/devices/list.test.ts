import { DEVICE_SORTS, SORT_ORDERS } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import type { ScopeKind } from '../../policy/scope.ts';
import { statementKey, statementName } from '../../db/statements.ts';
import type { DeviceListPeople, DeviceListShape } from './list.ts';

describe('the device list statement names', () => {
  it('give every shape its own name of at most 63 bytes, with the session lookup around it', () => {
    const kinds: ScopeKind[] = ['owner', 'electrician', 'admin', 'none'];
    const people: DeviceListPeople[] = ['none', 'owner', 'owner_and_electrician'];
    const names = new Set<string>();
    let shapes = 0;
    for (const kind of kinds)
      for (const who of people)
        for (const room of ['id', 'none', null] as const)
          for (const assignment of ['assigned', 'available', null] as const)
            for (let filters = 0; filters < 32; filters += 1)
              for (const sort of DEVICE_SORTS)
                for (const order of SORT_ORDERS) {
                  const shape: DeviceListShape = {
                    kind,
                    people: who,
                    room,
                    assignment,
                    type: (filters & 1) > 0,
                    search: (filters & 2) > 0,
                    status: (filters & 4) > 0,
                    firmware: (filters & 8) > 0,
                    electrician: (filters & 16) > 0,
                    sort,
                    order,
                  };
                  // The read's key (`devices_list`), as the session's statement is named from it.
                  const name = statementName('with_session', statementKey('devices_list', shape));
                  expect(Buffer.byteLength(name), name).toBeLessThanOrEqual(63);
                  names.add(name);
                  shapes += 1;
                }
    expect(names.size).toBe(shapes);
  });
});
