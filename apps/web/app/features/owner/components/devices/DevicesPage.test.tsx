import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, json } from '~/test/fake-api';
import { makeDevice, makeRoom } from '~/test/factories';
import { renderPage, setupPageTests } from '~/test/render';
import { fakeOwnerApi } from '../../test/owner-api';
import { DevicesPage } from './DevicesPage';

function renderDevices(api: ReturnType<typeof fakeOwnerApi>, url = '/owner/devices') {
  return renderPage(<DevicesPage />, { api, path: '/owner/devices', url });
}

const card = (name: string) => screen.getByRole('article', { name });

setupPageTests();

describe('DevicesPage', () => {
  it('shows each device with its connection, battery, room, power and gangs', async () => {
    const api = fakeOwnerApi({
      devices: [
        makeDevice({ _id: 'd1', name: 'Purifier', battery_level: 64, room_id: 'r1', room_name: 'Kitchen' }),
        makeDevice({
          _id: 'd2',
          name: 'Hall Switch',
          type: 'lumos',
          model: 'Lumos 2-Gang',
          is_connected: false,
          power_on: true,
          battery_level: null,
          gangs: [
            { index: 0, on: true, name: 'Ceiling light' },
            { index: 1, on: false, name: 'Switch 2' },
          ],
        }),
      ],
      rooms: [makeRoom()],
    });
    renderDevices(api);

    const purifier = await screen.findByRole('article', { name: 'Purifier' });
    expect(within(purifier).getByText('Online')).toBeInTheDocument();
    expect(within(purifier).getByText('Kitchen')).toBeInTheDocument();
    expect(within(purifier).getByRole('meter', { name: 'Battery' })).toHaveAttribute('aria-valuenow', '64');
    expect(within(purifier).getByText('64% · good')).toBeInTheDocument();
    expect(within(purifier).getByRole('button', { name: 'Turn On' })).toBeInTheDocument();
    expect(within(purifier).queryByRole('switch')).not.toBeInTheDocument();

    const sw = card('Hall Switch');
    expect(within(sw).getByText('Offline')).toBeInTheDocument();
    expect(within(sw).getByText('Not in a room')).toBeInTheDocument();
    expect(within(sw).getByText('Battery n/a')).toBeInTheDocument();
    expect(within(sw).getByRole('button', { name: 'Turn Off' })).toBeInTheDocument();
    expect(within(sw).getByRole('switch', { name: 'Ceiling light' })).toHaveAttribute('aria-checked', 'true');
    expect(within(sw).getByRole('switch', { name: 'Switch 2' })).toHaveAttribute('aria-checked', 'false');
  });

  it('turns a device on at once and rolls back with the server message when it refuses', async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({ devices: [makeDevice({ name: 'Purifier' })] });
    renderDevices(api);
    await screen.findByRole('article', { name: 'Purifier' });

    const answer = deferred<Response>();
    api.setOverride((call) => (call.path.endsWith('/toggle') ? answer.promise : undefined));
    await user.click(within(card('Purifier')).getByRole('button', { name: 'Turn On' }));

    // Optimistic: the card says the device is on before the server answers.
    expect(await within(card('Purifier')).findByRole('button', { name: 'Turn Off' })).toBeInTheDocument();
    answer.resolve(json(409, { error: 'conflict', message: 'Device is offline' }));

    expect(await within(card('Purifier')).findByRole('button', { name: 'Turn On' })).toBeInTheDocument();
    expect(await screen.findByText('Device is offline')).toBeInTheDocument();
    const toggleCall = api.calls.find((c) => c.path === '/api/devices/d1/toggle');
    expect(toggleCall?.method).toBe('POST');
    expect(toggleCall?.body).toBeUndefined();
  });

  it("falls back to the spec's failure text when the server gives no message", async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({ devices: [makeDevice({ name: 'Purifier' })] });
    renderDevices(api);
    await screen.findByRole('article', { name: 'Purifier' });
    api.setOverride((call) =>
      call.path.endsWith('/toggle') ? new Response(null, { status: 502 }) : undefined,
    );
    await user.click(within(card('Purifier')).getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByText('Failed to toggle device')).toBeInTheDocument();
    expect(within(card('Purifier')).getByRole('button', { name: 'Turn On' })).toBeInTheDocument();
  });

  it('toggles one gang of a Lumos switch', async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({
      devices: [
        makeDevice({
          name: 'Hall Switch',
          type: 'lumos',
          gangs: [
            { index: 0, on: false, name: 'Switch 1' },
            { index: 1, on: false, name: 'Switch 2' },
          ],
        }),
      ],
    });
    renderDevices(api);
    const gang2 = await screen.findByRole('switch', { name: 'Switch 2' });
    await user.click(gang2);
    expect(gang2).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Switch 1' })).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByText('Device toggled successfully')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/devices/d1/gang/1/toggle')).toBe(
      true,
    );
  });

  it('says how a firmware update ended when the device was offline: skipped with the reason, or waiting for it to come online', async () => {
    const update = { percent: null, version: '2.0.0', at: '2026-11-27T10:00:00.000Z' };
    const api = fakeOwnerApi({
      devices: [
        makeDevice({
          _id: 'd1',
          name: 'Bedroom',
          is_connected: false,
          update: { ...update, state: 'SKIPPED', reason: 'offline since 2026-11-20 08:30 UTC' },
        }),
        makeDevice({
          _id: 'd2',
          name: 'Study',
          is_connected: false,
          update: { ...update, state: 'QUEUED', reason: null },
        }),
      ],
    });
    renderDevices(api);
    expect(
      await within(await screen.findByRole('article', { name: 'Bedroom' })).findByText(
        'Update to 2.0.0 skipped: offline since 2026-11-20 08:30 UTC',
      ),
    ).toBeInTheDocument();
    expect(
      within(card('Study')).getByText('Update to 2.0.0 waits for the device to come online'),
    ).toBeInTheDocument();
  });

  it('reports the update check', async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({ devices: [makeDevice({ name: 'Purifier' })] });
    api.setOverride((call) =>
      call.path.endsWith('/check-updates')
        ? json(200, { update_available: true, current_version: '1.1.0', latest_version: '1.3.0' })
        : undefined,
    );
    renderDevices(api);
    await user.click(await screen.findByRole('button', { name: 'Check for Updates' }));
    expect(await screen.findByText('Update available: 1.1.0 → 1.3.0')).toBeInTheDocument();
  });

  it('assigns a room from Settings: Assign stays disabled until a room is chosen', async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({
      devices: [makeDevice({ name: 'Purifier' })],
      rooms: [
        makeRoom({ _id: 'r1', name: 'Kitchen' }),
        makeRoom({ _id: 'r2', name: 'Study', type: 'office' }),
      ],
    });
    renderDevices(api);
    await user.click(await screen.findByRole('button', { name: 'Settings for Purifier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Purifier settings' });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    expect(within(dialog).getByText('Please select a room')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Assign to room'), 'Study');
    expect(assign).toBeEnabled();
    await user.click(assign);

    expect(await screen.findByText('Device assigned to room successfully')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/devices/d1/assign-room')?.body).toEqual({ room_id: 'r2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card('Purifier')).findByText('Study')).toBeInTheDocument();
  });

  it('offers Unassign for a device in a room', async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({
      devices: [makeDevice({ name: 'Purifier', room_id: 'r1', room_name: 'Kitchen' })],
      rooms: [makeRoom()],
    });
    api.setOverride((call) =>
      call.path.endsWith('/unassign-room')
        ? json(200, { device: makeDevice({ name: 'Purifier' }) })
        : undefined,
    );
    renderDevices(api);
    await user.click(await screen.findByRole('button', { name: 'Settings for Purifier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Purifier settings' });
    expect(within(dialog).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Device unassigned from room successfully')).toBeInTheDocument();
  });

  it('adds a device: required fields first, then the server 409 on the serial field', async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({ devices: [makeDevice({ name: 'Purifier', serial_number: 'ISC-1' })] });
    renderDevices(api);
    await user.click(await screen.findByRole('button', { name: 'Add Device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Device' });
    expect(within(dialog).getByLabelText(/Type/)).toHaveValue('isaac');

    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Model is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Serial number is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Name/), 'Bedroom Purifier');
    await user.type(within(dialog).getByLabelText(/Model/), 'ISAAC Air Purifier');
    await user.type(within(dialog).getByLabelText(/Serial number/), 'ISC-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    expect(await within(dialog).findByText('Serial number ISC-1 is already registered')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Serial number/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText(/Serial number/));
    await user.type(within(dialog).getByLabelText(/Serial number/), 'ISC-2');
    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    expect(await screen.findByText('Device added successfully')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Bedroom Purifier' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/devices' && c.body)?.body).toEqual({
      name: 'Bedroom Purifier',
      model: 'ISAAC Air Purifier',
      serial_number: 'ISC-1',
      type: 'isaac',
    });
  });

  it("shows 'No devices found' with 'Add Your First Device'", async () => {
    const user = userEvent.setup();
    renderDevices(fakeOwnerApi());
    expect(await screen.findByText('No devices found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Your First Device' }));
    expect(await screen.findByRole('dialog', { name: 'Add Device' })).toBeInTheDocument();
  });

  it('reads the filters from the URL, sends them to the API and writes changes back', async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({
      devices: [makeDevice({ name: 'Purifier' }), makeDevice({ _id: 'd2', name: 'Switch', type: 'lumos' })],
      rooms: [makeRoom()],
    });
    renderDevices(api, '/owner/devices?type=lumos');
    expect(await screen.findByRole('article', { name: 'Switch' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Purifier' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('lumos');
    expect(api.calls.find((c) => c.path === '/api/devices')?.search.get('type')).toBe('lumos');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Room' }), 'Not in a room');
    expect(screen.getByTestId('location')).toHaveTextContent('/owner/devices?room_id=none&type=lumos');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/devices' && c.search.get('room_id') === 'none')).toBe(
        true,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/devices$/);
    expect(await screen.findByRole('article', { name: 'Purifier' })).toBeInTheDocument();
  });

  it("shows 'Error loading devices' with a Retry that loads again", async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({ devices: [makeDevice({ name: 'Purifier' })] });
    let failing = true;
    api.setOverride((call) =>
      failing && call.path === '/api/devices'
        ? json(500, { error: 'internal_error', message: 'Boom' })
        : undefined,
    );
    renderDevices(api);
    expect(
      await screen.findByText('Error loading devices', undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Purifier' })).toBeInTheDocument();
  });
});
