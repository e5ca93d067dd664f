import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { listView } from './list-view';
import { useListView } from './use-list-view';

setupPageTests();

const devices = listView({
  sorts: ['created_at', 'name'] as const,
  sort: 'created_at',
  order: 'desc',
  filters: { type: { values: ['isaac', 'lumos'] } },
});

/** Two changes before the page re-renders: what a quick hand on a slow phone does. */
function TwoChanges() {
  const view = useListView(devices);
  return (
    <button
      type="button"
      onClick={() => {
        view.setFilter('type', 'lumos');
        view.setSort('name', 'asc');
      }}
    >
      Lumos by name
    </button>
  );
}

describe('useListView', () => {
  it('builds a change on the one asked for before it, not on the URL the page still shows', async () => {
    const user = userEvent.setup();
    renderPage(<TwoChanges />, { api: fakeApi([]), path: '/owner/devices', url: '/owner/devices?room_id=r1' });
    await user.click(screen.getByRole('button', { name: 'Lumos by name' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/owner/devices?room_id=r1&type=lumos&sort=name&order=asc',
    );
  });
});
