import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_MSG } from '@isaac/contract';
import { json } from '~/test/fake-api';
import { makeDevice, makeRoom } from '~/test/factories';
import { renderPage, setupPageTests } from '~/test/render';
import { fakeOwnerApi } from '../../test/owner-api';
import { RoomsPage } from './RoomsPage';

function renderRooms(api: ReturnType<typeof fakeOwnerApi>) {
  return renderPage(<RoomsPage />, { api, path: '/owner/rooms', otherPaths: ['/owner/devices'] });
}

setupPageTests();

describe('RoomsPage', () => {
  it("shows 'No rooms found' and creates the first room (name required, type defaults to Bedroom)", async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi();
    api.setOverride((call) => {
      if (call.method !== 'POST' || call.path !== '/api/rooms') return undefined;
      const room = makeRoom({ _id: 'r9', ...(call.body as { name: string }) });
      api.state.rooms.push(room);
      return json(201, { room });
    });
    renderRooms(api);
    await user.click(await screen.findByRole('button', { name: 'Create Your First Room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Room' });
    expect(within(dialog).getByLabelText(/Room type/)).toHaveValue('bedroom');
    expect(within(dialog).getAllByRole('option')).toHaveLength(8);

    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(await within(dialog).findByText('Room name is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Room name/), 'Guest Room');
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(await screen.findByText('Room created successfully')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Guest Room', type: 'bedroom' });
    expect(await screen.findByRole('article', { name: 'Guest Room' })).toBeInTheDocument();
  });

  it('shows the server refusing a name the home already has on the name field, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({ rooms: [makeRoom({ _id: 'r1', name: 'Kitchen' })] });
    api.setOverride((call) =>
      call.method === 'POST' && call.path === '/api/rooms'
        ? json(409, { error: 'conflict', message: API_MSG.roomNameTaken })
        : undefined,
    );
    renderRooms(api);
    await user.click(await screen.findByRole('button', { name: /Add Room/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Room' });
    const name = within(dialog).getByLabelText(/Room name/);
    await user.type(name, 'kitchen');
    await user.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(await within(dialog).findByText(API_MSG.roomNameTaken)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Add Room' })).toBeInTheDocument();
  });

  it('edits a room, and View Devices opens the devices filtered by that room', async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({ rooms: [makeRoom({ _id: 'r1', name: 'Kitchen', devices: [makeDevice()] })] });
    api.setOverride((call) =>
      call.method === 'PUT' && call.path === '/api/rooms/r1'
        ? json(200, { room: makeRoom({ name: 'Pantry', type: 'other' }) })
        : undefined,
    );
    renderRooms(api);
    const kitchen = await screen.findByRole('article', { name: 'Kitchen' });
    expect(within(kitchen).getByText('Kitchen', { selector: 'span' })).toBeInTheDocument();
    expect(within(kitchen).getByText('1 device')).toBeInTheDocument();

    await user.click(within(kitchen).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Room' });
    const name = within(dialog).getByLabelText(/Room name/);
    expect(name).toHaveValue('Kitchen');
    await user.clear(name);
    await user.type(name, 'Pantry');
    await user.selectOptions(within(dialog).getByLabelText(/Room type/), 'Other');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Room updated successfully')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Pantry', type: 'other' });

    await user.click(
      within(screen.getByRole('article', { name: 'Kitchen' })).getByRole('link', { name: 'View Devices' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/owner/devices?room_id=r1'),
    );
  });

  it('deletes a room after a confirmation that says its devices stay', async () => {
    const user = userEvent.setup();
    const api = fakeOwnerApi({
      rooms: [makeRoom({ _id: 'r1', name: 'Kitchen', devices: [makeDevice(), makeDevice({ _id: 'd2' })] })],
    });
    api.setOverride((call) => {
      if (call.method !== 'DELETE') return undefined;
      api.state.rooms = [];
      return json(200, { message: 'Room deleted' });
    });
    renderRooms(api);
    const kitchen = await screen.findByRole('article', { name: 'Kitchen' });
    await user.click(within(kitchen).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete room' });
    expect(dialog).toHaveAccessibleDescription(
      /Its 2 devices will stay in your account and become unassigned/,
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Delete Room' }));
    expect(await screen.findByText('Room deleted successfully')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/rooms/r1')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No rooms found')).toBeInTheDocument();
  });
});
