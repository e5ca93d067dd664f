import type { HomeMember } from '@isaac/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { MembersPage } from './MembersPage';

setupPageTests();

const member = (overrides: Partial<HomeMember>): HomeMember => ({
  _id: 'm1',
  user_id: 'u1',
  name: 'Priya Sharma',
  email: 'owner@isaac.demo',
  role: 'owner',
  rooms: [],
  ends_at: null,
  created_at: '2026-11-20T00:00:00.000Z',
  ...overrides,
});

function home() {
  let members = [
    member({}),
    member({ _id: 'm2', user_id: 'u2', name: 'Asha Rao', email: 'asha@example.com', role: 'member' }),
  ];
  const sent: unknown[] = [];
  const api = fakeApi([
    ({ method, path, body }) => {
      if (method === 'GET' && path === '/api/homes') {
        return json(200, {
          items: [{ _id: 'h1', name: 'Priya’s home', role: 'owner', ends_at: null, current: true }],
        });
      }
      if (method === 'GET' && path === '/api/homes/h1/members')
        return json(200, { members, invitations: [] });
      if (method === 'GET' && path === '/api/homes/h1/activity') return json(200, { items: [] });
      if (method === 'GET' && path === '/api/rooms')
        return json(200, { rooms: [], page: 1, page_size: 100, total: 0 });
      if (method === 'PUT' && path === '/api/homes/h1/members/m2') {
        sent.push(body);
        members = members.map((m) => (m._id === 'm2' ? { ...m, role: (body as { role: 'owner' }).role } : m));
        return json(200, { members, invitations: [] });
      }
      return undefined;
    },
  ]);
  return { api, sent };
}

describe('Members', () => {
  it("changes a member's role from the list", async () => {
    const user = userEvent.setup();
    const { api, sent } = home();
    renderPage(<MembersPage />, { api });
    const list = await screen.findByRole('list', { name: 'Members' });
    const role = await within(list).findByRole('combobox', { name: 'Role of Asha Rao' });
    expect(role).toHaveValue('member');
    await user.selectOptions(role, 'owner');
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(sent).toEqual([{ role: 'owner' }]);
  });
});
