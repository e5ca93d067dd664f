import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable';

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

function Plants({ onWater }: { onWater: (plant: Plant) => void }) {
  const table = useTable({ features, columns, data: PLANTS, getRowId: (p) => p.id });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <DataTable
      table={table}
      label="Plants"
      minWidth="min-w-[30rem]"
      rowHeader="name"
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
