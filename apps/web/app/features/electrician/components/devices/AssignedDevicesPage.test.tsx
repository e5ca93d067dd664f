import type { ElectricianDeviceEntry } from '@isaac/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeDevice } from '~/test/factories';
import { fakeApi, json, type Call } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { AssignedDevicesPage } from './AssignedDevicesPage';

setupPageTests();

const entry = (i: number, connected: boolean): ElectricianDeviceEntry => ({
  _id: `d${i}`,
  device: makeDevice({
    _id: `d${i}`,
    name: `Switch ${i}`,
    serial_number: `SN-${i}`,
    is_connected: connected,
  }),
  customer: i % 2 ? { _id: 'c1', name: 'Meera Iyer', email: 'meera@example.com' } : null,
});

/** The electrician's device list in memory: 25 devices, searched and paged like the server. */
function devicesApi() {
  const all = Array.from({ length: 25 }, (_, i) => entry(i + 1, i % 3 === 0));
  return fakeApi([
    (call: Call) => {
      if (call.method !== 'GET' || call.path !== '/electrician/devices') return undefined;
      const q = (call.search.get('search') ?? '').toLowerCase();
      const page = Number(call.search.get('page'));
      const size = Number(call.search.get('page_size'));
      const found = all.filter((e) => e.device.name.toLowerCase().includes(q));
      return json(200, {
        devices: found.slice((page - 1) * size, page * size),
        page,
        page_size: size,
        total: found.length,
      });
    },
  ]);
}

const lists = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.path === '/electrician/devices');

describe('electrician Assigned Devices', () => {
  it('pages through the devices on the server, with the total and per-page figures said as such', async () => {
    const user = userEvent.setup();
    const api = devicesApi();
    renderPage(<AssignedDevicesPage />, { api, path: '/electrician/devices' });
    const pager = await screen.findByRole('navigation', { name: 'Device pages' }, { timeout: 5000 });
    expect(pager).toHaveTextContent('Showing 1–20 of 25 devices');
    expect(screen.getByText('Total').parentElement).toHaveTextContent('25');
    expect(screen.getByText('Connected (this page)')).toBeInTheDocument();
    expect(lists(api)[0]?.search.toString()).toBe('sort=created_at&order=desc&page=1&page_size=20');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(pager).findByText('Showing 21–25 of 25 devices')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?page=2');
  });

  it('searches (debounced, in the URL) and sorts by a column header', async () => {
    const user = userEvent.setup();
    const api = devicesApi();
    renderPage(<AssignedDevicesPage />, { api, path: '/electrician/devices' });
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    await user.type(screen.getByLabelText('Search'), 'switch 2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?search=switch+2'));
    await waitFor(() => expect(within(table).queryByText('Switch 1')).not.toBeInTheDocument());
    expect(screen.getByText('Found')).toBeInTheDocument();

    await user.click(within(screen.getByRole('columnheader', { name: 'Battery' })).getByRole('button'));
    await waitFor(() => expect(lists(api).at(-1)?.search.get('sort')).toBe('battery_level'));
    expect(lists(api).at(-1)?.search.get('search')).toBe('switch 2');
    expect(screen.getByRole('columnheader', { name: 'Battery' })).toHaveAttribute('aria-sort', 'ascending');
  });
});
