import { DEFAULT_NOTIFICATION_CHANNELS, type Notification } from '@isaac/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { NotificationBell } from './NotificationBell';
import { NotificationSettings } from './NotificationSettings';

setupPageTests();

const note = (id: string, title: string, read = false, link: string | null = null): Notification => ({
  _id: id,
  kind: 'air_quality',
  title,
  body: `${title} body`,
  link,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  read_at: read ? new Date().toISOString() : null,
});

/** An in-memory notification centre. */
function centre(initial: Notification[]) {
  let items = initial;
  const unread = () => items.filter((n) => n.read_at === null).length;
  return fakeApi([
    ({ method, path }) => {
      if (method === 'GET' && path === '/api/notifications/unread-count')
        return json(200, { unread: unread() });
      if (method === 'GET' && path === '/api/notifications') {
        return json(200, {
          notifications: items,
          page: 1,
          page_size: 10,
          total: items.length,
          unread: unread(),
        });
      }
      const one = /^\/api\/notifications\/(.+)\/read$/.exec(path);
      if (method === 'POST' && one) {
        items = items.map((n) => (n._id === one[1] ? { ...n, read_at: new Date().toISOString() } : n));
        return json(200, { unread: unread() });
      }
      if (method === 'POST' && path === '/api/notifications/read-all') {
        items = items.map((n) => ({ ...n, read_at: n.read_at ?? new Date().toISOString() }));
        return json(200, { unread: 0 });
      }
      return undefined;
    },
  ]);
}

describe('the notification bell', () => {
  it('shows the unread count, lists the latest, marks one read and then all', async () => {
    const user = userEvent.setup();
    const api = centre([
      note('n1', 'Living Room: Poor air'),
      note('n2', 'Purifier offline'),
      note('n3', 'Order paid', true),
    ]);
    renderPage(<NotificationBell />, { api });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText('Living Room: Poor air')).toBeInTheDocument();
    expect(within(panel).getByText('Order paid')).toBeInTheDocument();
    expect(within(panel).getAllByText('5 minutes ago')).toHaveLength(3);

    await user.click(within(panel).getByRole('button', { name: 'Mark read: Purifier offline' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument(),
    );
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/n2/read')).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All notifications marked read')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the bell; an empty list says so', async () => {
    const user = userEvent.setup();
    renderPage(<NotificationBell />, { api: centre([]) });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(await screen.findByText('You’re all caught up')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('a notification with a link opens its page and is marked read', async () => {
    const user = userEvent.setup();
    const api = centre([note('n1', 'Filter low', false, '/owner/devices')]);
    renderPage(<NotificationBell />, { api, otherPaths: ['/owner/devices'] });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('link', { name: /Filter low/ }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/notifications/n1/read')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});

describe('notification settings', () => {
  it('saves the channels, quiet hours and time zone chosen', async () => {
    const user = userEvent.setup();
    const saved = {
      channels: DEFAULT_NOTIFICATION_CHANNELS,
      quiet_hours: null,
      offline_is_urgent: true,
      time_zone: 'Asia/Kolkata',
      air_alert_band: 'poor',
      offline_after_minutes: 10,
    };
    const api = fakeApi([
      ({ method, path, body }) => {
        if (method === 'GET' && path === '/api/notifications/preferences') return json(200, saved);
        if (method === 'GET' && path === '/api/notifications/push-key')
          return json(200, { public_key: null });
        if (method === 'PUT' && path === '/api/notifications/preferences')
          return json(200, { ...saved, ...(body as object) });
        return undefined;
      },
    ]);
    renderPage(<NotificationSettings />, { api });
    const orderPaidEmail = await screen.findByRole('checkbox', { name: 'Order paid: E-mail' });
    expect(orderPaidEmail).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Order paid: Push' })).toBeChecked();
    await user.click(orderPaidEmail);
    await user.click(screen.getByRole('checkbox', { name: /No push or e-mail during quiet hours/ }));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      channels: { order_paid: ['push', 'email'] },
      quiet_hours: { from: '22:00', to: '07:00' },
      offline_is_urgent: true,
      time_zone: 'Asia/Kolkata',
      air_alert_band: 'poor',
      offline_after_minutes: 10,
    });
    // jsdom has no push manager: the section says so instead of offering a button that cannot work.
    expect(screen.getByText('This browser cannot receive push notifications.')).toBeInTheDocument();
  });
});
