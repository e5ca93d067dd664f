import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SelectField } from '~/components/ui';
import { fakeApi } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { listView } from './list-view';
import { ListHeader, ListToolbar } from './ListToolbar';
import { useListView } from './use-list-view';

setupPageTests();

const plants = listView({
  sorts: ['created_at', 'name'] as const,
  sort: 'created_at',
  order: 'desc',
  search: true,
  filters: { kind: { values: ['fern', 'palm'] } },
});

/** A screen of the kit: the toolbar over a line showing the API query it would send. */
function PlantsScreen() {
  const view = useListView(plants);
  return (
    <>
      <ListHeader
        title="Plants"
        intro="Loading…"
        total={3}
        nouns={{ one: 'plant', many: 'plants' }}
        filtered={view.filtered}
      />
      <ListToolbar
        list={view}
        search={{ label: 'Find plants', placeholder: 'Name' }}
        sortOptions={[
          { sort: 'created_at', order: 'desc', label: 'Newest first' },
          { sort: 'name', order: 'asc', label: 'Name (A–Z)' },
        ]}
      >
        <SelectField
          label="Kind"
          placeholder="All kinds"
          options={[
            { value: 'fern', label: 'Fern' },
            { value: 'palm', label: 'Palm' },
          ]}
          value={view.state.filters.kind ?? ''}
          onChange={(event) => view.setFilter('kind', event.target.value || null)}
        />
      </ListToolbar>
      <output data-testid="api">{view.apiSearch(20)}</output>
    </>
  );
}

const location = () => screen.getByTestId('location');

describe('ListToolbar and useListView: the list’s view in the URL', () => {
  it('searches once typing pauses, filters at once, sorts from the menu, and Clear keeps the sort', async () => {
    const user = userEvent.setup();
    renderPage(<PlantsScreen />, { api: fakeApi(), path: '/plants' });
    expect(screen.getByRole('search', { name: 'Find plants' })).toBeInTheDocument();
    expect(screen.getByText('3 plants')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search'), 'fern');
    // What is typed shows at once; the URL follows once typing pauses.
    expect(screen.getByLabelText('Search')).toHaveValue('fern');
    await waitFor(() => expect(location()).toHaveTextContent('/plants?search=fern'));
    expect(screen.getByText('3 plants found')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Kind'), 'Palm');
    expect(location()).toHaveTextContent('/plants?search=fern&kind=palm');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name (A–Z)');
    expect(location()).toHaveTextContent('/plants?search=fern&kind=palm&sort=name&order=asc');
    expect(screen.getByTestId('api')).toHaveTextContent(
      'search=fern&kind=palm&sort=name&order=asc&page=1&page_size=20',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(location()).toHaveTextContent('/plants?sort=name&order=asc');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('reads the view from the URL it is opened at', () => {
    renderPage(<PlantsScreen />, {
      api: fakeApi(),
      path: '/plants',
      url: '/plants?search=palm&sort=name&order=desc&page=2',
    });
    expect(screen.getByLabelText('Search')).toHaveValue('palm');
    // A sort the menu does not list is still shown as what it is.
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Name (descending)');
    expect(screen.getByTestId('api')).toHaveTextContent(
      'search=palm&sort=name&order=desc&page=2&page_size=20',
    );
  });
});
