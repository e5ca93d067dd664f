import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type TableSort } from './DataTable';
import { PHONE_MEDIA_QUERY } from './use-media-query';

interface Plant {
  id: string;
  name: string;
  litres: number;
}
const PLANTS: Plant[] = [
  { id: 'a', name: 'Fern', litres: 2 },
  { id: 'b', name: 'Palm', litres: 5 },
];
const features = tableFeatures({});
const column = createColumnHelper<typeof features, Plant>();
const columns = column.columns([
  column.accessor('name', { header: 'Plant' }),
  column.accessor('litres', { header: 'Water', cell: (info) => `${info.getValue()} L` }),
]);

function Plants({ onWater, sort }: { onWater: (plant: Plant) => void; sort?: TableSort }) {
  const table = useTable({ features, columns, data: PLANTS, getRowId: (p) => p.id });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <DataTable
      table={table}
      label="Plants"
      minWidth="min-w-[30rem]"
      rowHeader="name"
      sort={sort}
      renderExpanded={(plant) => (open === plant.id ? <p>Details of {plant.name}</p> : null)}
      renderRowActions={(plant) => (
        <>
          <button onClick={() => onWater(plant)}>Water {plant.name}</button>
          <button onClick={() => setOpen(plant.id)}>Open {plant.name}</button>
        </>
      )}
    />
  );
}

describe('DataTable', () => {
  it('renders a named, focusable region with column headers, row headers, cells and a pinned Actions column', async () => {
    const onWater = vi.fn();
    render(<Plants onWater={onWater} />);
    const region = screen.getByRole('region', { name: 'Plants' });
    expect(region).toHaveAttribute('tabindex', '0');
    const headers = within(region)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Plant', 'Water', 'Actions']);
    expect(screen.getByRole('rowheader', { name: 'Palm' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '5 L' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Water Fern' }));
    expect(onWater).toHaveBeenCalledWith(PLANTS[0]);
  });

  it('shows an expanded row across every column under its row', async () => {
    render(<Plants onWater={() => undefined} />);
    expect(screen.queryByText('Details of Palm')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open Palm' }));
    const details = screen.getByText('Details of Palm').closest('td');
    expect(details).toHaveAttribute('colspan', '3');
  });
});

/** A table sorted by `sort`/`order`, whose changes are recorded (the screen asks the server for them). */
function sortOf(sort: string, order: 'asc' | 'desc') {
  return {
    sort,
    order,
    columns: { name: 'name', litres: 'water' },
    onSort: vi.fn<(sort: string) => void>(),
    onSortOrder: vi.fn<(sort: string, order: 'asc' | 'desc') => void>(),
  };
}

describe('DataTable sorting (server side)', () => {
  it('makes each sortable header a button, marks the sorted one with aria-sort, and asks for the sort it names', async () => {
    const user = userEvent.setup();
    const sort = sortOf('water', 'desc');
    render(<Plants onWater={() => undefined} sort={sort} />);
    const water = screen.getByRole('columnheader', { name: 'Water' });
    const plant = screen.getByRole('columnheader', { name: 'Plant' });
    expect(water).toHaveAttribute('aria-sort', 'descending');
    expect(plant).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');

    await user.click(within(plant).getByRole('button', { name: 'Plant' }));
    expect(sort.onSort).toHaveBeenLastCalledWith('name');
    // The keyboard works the same: the header's button, Enter or Space.
    within(water).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(sort.onSort).toHaveBeenLastCalledWith('water');
    await user.keyboard(' ');
    expect(sort.onSort).toHaveBeenCalledTimes(3);
  });

  it('says ascending for an ascending sort', () => {
    render(<Plants onWater={() => undefined} sort={sortOf('name', 'asc')} />);
    expect(screen.getByRole('columnheader', { name: 'Plant' })).toHaveAttribute('aria-sort', 'ascending');
  });
});

describe('DataTable on a phone (≤ 640 px)', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });
  /** The browser as a 390 px phone: the phone query matches. */
  function onAPhone() {
    window.matchMedia = (query: string) =>
      ({
        matches: query === PHONE_MEDIA_QUERY,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  it('shows each row as a card: titled by the row header, each column a term and value, the actions at the bottom', async () => {
    onAPhone();
    const onWater = vi.fn();
    render(<Plants onWater={onWater} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Plants' })).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const palm = screen.getByRole('article', { name: 'Palm' });
    expect(within(palm).getByRole('heading', { name: 'Palm' })).toBeInTheDocument();
    expect(within(palm).getByRole('term')).toHaveTextContent('Water');
    expect(within(palm).getByRole('definition')).toHaveTextContent('5 L');
    // The actions come after the data in the card (never beside data scrolled out of view).
    const water = within(palm).getByRole('button', { name: 'Water Palm' });
    expect(within(palm).getByRole('definition').compareDocumentPosition(water)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await userEvent.click(water);
    expect(onWater).toHaveBeenCalledWith(PLANTS[1]);
    await userEvent.click(within(palm).getByRole('button', { name: 'Open Palm' }));
    expect(within(palm).getByText('Details of Palm')).toBeInTheDocument();
  });

  it('replaces the sortable headers with a Sort by menu of each column both ways', async () => {
    onAPhone();
    const user = userEvent.setup();
    const sort = sortOf('water', 'desc');
    render(<Plants onWater={() => undefined} sort={sort} />);
    const menu = screen.getByLabelText('Sort by');
    expect(menu).toHaveDisplayValue('Water (descending)');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Plant (ascending)', 'Plant (descending)', 'Water (ascending)', 'Water (descending)']);
    await user.selectOptions(menu, 'Plant (descending)');
    expect(sort.onSortOrder).toHaveBeenCalledWith('name', 'desc');
  });

  it('names a sort that is no column (the list’s natural order) in words', () => {
    onAPhone();
    render(<Plants onWater={() => undefined} sort={sortOf('created_at', 'desc')} />);
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Created at (descending)');
  });
});
