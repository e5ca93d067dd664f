import { HOMES_MESSAGES, type HomeSummary } from '@isaac/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { useHomeFromLink } from '../../api/homes';
import { HomeSwitcher } from './HomeSwitcher';
import { HomesSettings } from './HomesSettings';

setupPageTests();

const summary = (overrides: Partial<HomeSummary>): HomeSummary => ({
  _id: 'h1',
  name: 'Priya’s home',
  time_zone: 'Asia/Kolkata',
  role: 'owner',
  ends_at: null,
  current: true,
  ...overrides,
});

/** An in-memory homes API: my homes; POST makes a new current one; PATCH changes one; DELETE refuses h1. */
function homesApi() {
  let homes = [
    summary({}),
    summary({ _id: 'h2', name: 'Rao family', role: 'member', current: false, time_zone: 'Asia/Dubai' }),
  ];
  const sent: { method: string; path: string; body: unknown }[] = [];
  const answer = () => json(200, { items: homes });
  const api = fakeApi([
    ({ method, path, body }) => {
      if (method === 'GET' && path === '/api/homes') return answer();
      if (method === 'POST' && path === '/api/homes') {
        sent.push({ method, path, body });
        const made = body as { name: string; time_zone: string };
        homes = [
          summary({ _id: 'h3', name: made.name, time_zone: made.time_zone }),
          ...homes.map((h) => ({ ...h, current: false })),
        ];
        return json(201, { items: homes });
      }
      if (method === 'PATCH' && path === '/api/homes/h1') {
        sent.push({ method, path, body });
        const change = body as { name: string; time_zone: string };
        homes = homes.map((h) => (h._id === 'h1' ? { ...h, ...change } : h));
        return answer();
      }
      if (method === 'POST' && path === '/api/homes/h2/switch') {
        sent.push({ method, path, body });
        homes = homes.map((h) => ({ ...h, current: h._id === 'h2' }));
        return answer();
      }
      if (method === 'DELETE' && path === '/api/homes/h1') {
        sent.push({ method, path, body });
        return json(409, { error: 'conflict', message: HOMES_MESSAGES.hasDevices });
      }
      return undefined;
    },
  ]);
  return { api, sent };
}

describe('Homes settings', () => {
  it('lists my homes with my role and each time zone; only a home I own can be edited or deleted', async () => {
    const { api } = homesApi();
    renderPage(<HomesSettings />, { api });
    const list = await screen.findByRole('list', { name: 'Your homes' });
    const [mine, theirs] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent('Priya’s home');
    expect(mine).toHaveTextContent('Current');
    expect(mine).toHaveTextContent('Time zone: Asia/Kolkata');
    expect(within(mine!).getByRole('button', { name: 'Edit Priya’s home' })).toBeInTheDocument();
    expect(theirs).toHaveTextContent('Member');
    expect(theirs).toHaveTextContent('Time zone: Asia/Dubai');
    expect(within(theirs!).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(within(theirs!).getByRole('button', { name: 'Use this home: Rao family' })).toBeInTheDocument();
  });

  it('creates a home in a time zone: it becomes current and the switcher shows it', async () => {
    const user = userEvent.setup();
    const { api, sent } = homesApi();
    renderPage(
      <>
        <HomeSwitcher />
        <HomesSettings />
      </>,
      { api },
    );
    await user.click(await screen.findByRole('button', { name: 'Create a home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a home' });
    const zone = within(dialog).getByRole('combobox', { name: /Time zone/ });
    // Asia/Kolkata first, with its offset.
    expect(within(zone).getAllByRole('option')[0]).toHaveTextContent('Asia/Kolkata (GMT+05:30)');
    expect(zone).toHaveValue('Asia/Kolkata');
    await user.click(within(dialog).getByRole('button', { name: 'Create home' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Home name/ }), 'Parents’ flat');
    await user.selectOptions(zone, 'Europe/London');
    await user.click(within(dialog).getByRole('button', { name: 'Create home' }));
    expect(await screen.findByText(HOMES_MESSAGES.created('Parents’ flat'))).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', path: '/api/homes', body: { name: 'Parents’ flat', time_zone: 'Europe/London' } },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Home' })).toHaveValue('h3');
    const list = screen.getByRole('list', { name: 'Your homes' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Parents’ flatCurrent');
  });

  it('changes a home’s time zone', async () => {
    const user = userEvent.setup();
    const { api, sent } = homesApi();
    renderPage(<HomesSettings />, { api });
    await user.click(await screen.findByRole('button', { name: 'Edit Priya’s home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit home' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Time zone/ }), 'Asia/Singapore');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(HOMES_MESSAGES.changed)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/api/homes/h1',
        body: { name: 'Priya’s home', time_zone: 'Asia/Singapore' },
      },
    ]);
    expect(await screen.findByText('Time zone: Asia/Singapore')).toBeInTheDocument();
  });

  it('asks before deleting, and shows why the server keeps a home with devices', async () => {
    const user = userEvent.setup();
    const { api, sent } = homesApi();
    renderPage(<HomesSettings />, { api });
    await user.click(await screen.findByRole('button', { name: 'Delete Priya’s home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete home' });
    expect(dialog).toHaveTextContent('Delete Priya’s home?');
    // Focus starts on Cancel: Enter never deletes by accident.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete home' }));
    expect(await screen.findByText(HOMES_MESSAGES.hasDevices)).toBeInTheDocument();
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['DELETE /api/homes/h1']);
    expect(screen.getByRole('list', { name: 'Your homes' })).toHaveTextContent('Priya’s home');
  });

  it('a link naming another of my homes (a notification) switches to it, then the address drops the name', async () => {
    const { api, sent } = homesApi();
    function Shell() {
      useHomeFromLink();
      return <HomeSwitcher />;
    }
    renderPage(<Shell />, { api, path: '/owner/devices', url: '/owner/devices?home=h2' });
    expect(await screen.findByText('Now in Rao family')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/api/homes/h2/switch', body: undefined }]);
    expect(screen.getByRole('combobox', { name: 'Home' })).toHaveValue('h2');
    // The address drops the name by a navigation of its own, which may land after the toast.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/devices$/));
  });

  it('a link naming a home I no longer belong to says so and stays in the current home', async () => {
    const { api, sent } = homesApi();
    function Shell() {
      useHomeFromLink();
      return <HomeSwitcher />;
    }
    renderPage(<Shell />, { api, path: '/owner/devices', url: '/owner/devices?home=gone' });
    expect(
      await screen.findByText('That link is about a home you no longer have access to'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Home' })).toHaveValue('h1');
    // The address drops the name by a navigation of its own, which may land after the toast.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/devices$/));
  });
});
