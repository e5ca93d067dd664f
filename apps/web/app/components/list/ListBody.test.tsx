import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Inbox } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { ListBody } from './ListBody';

interface Page {
  items: string[];
  page: number;
  page_size: number;
  total: number;
}

/** The parts of a query's result ListBody reads, in one of its states. */
function queryIn(state: 'pending' | 'error' | 'success', data?: Page, placeholder = false) {
  return {
    isPending: state === 'pending',
    isError: state === 'error',
    isFetching: false,
    isPlaceholderData: placeholder,
    error: state === 'error' ? new Error('Database unavailable') : null,
    data,
    refetch: vi.fn(),
  } as unknown as UseQueryResult<Page> & { refetch: ReturnType<typeof vi.fn> };
}

const EMPTY = { icon: Inbox, title: 'No plants found', text: 'Add the first plant.' };

function show(
  query: UseQueryResult<Page>,
  props: Partial<Parameters<typeof ListBody<Page, string>>[0]> = {},
) {
  const onPage = vi.fn();
  const onClear = vi.fn();
  render(
    <ListBody
      query={query}
      items={(data) => data.items}
      noun="plants"
      errorTitle="Error loading plants"
      empty={EMPTY}
      page={1}
      onPage={onPage}
      onClear={onClear}
      {...props}
    >
      {(items, dimmed) => (
        <ul aria-label="Plants" data-dimmed={dimmed}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListBody>,
  );
  return { onPage, onClear };
}

describe('ListBody: a list in its states', () => {
  it('names its loading state for screen readers', () => {
    show(queryIn('pending'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading plants…');
  });

  it('shows a failure with the server’s message and a Retry that refetches', async () => {
    const query = queryIn('error');
    show(query);
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading plants');
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(query.refetch).toHaveBeenCalled();
  });

  it('says why a list is empty and offers the way on', async () => {
    const none = { items: [], page: 1, page_size: 20, total: 0 };
    show(queryIn('success', none), { empty: { ...EMPTY, action: <button>Add Plant</button> } });
    expect(screen.getByRole('heading', { name: 'No plants found' })).toBeInTheDocument();
    expect(screen.getByText('Add the first plant.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Plant' })).toBeInTheDocument();
  });

  it('when a search found nothing: Clear filters; past the last page: Go to the first page', async () => {
    const none = { items: [], page: 1, page_size: 20, total: 0 };
    const { onClear } = show(queryIn('success', none), { filtered: true });
    expect(screen.getByText('Nothing matches this search and these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('past the last page offers the first one', async () => {
    const { onPage } = show(queryIn('success', { items: [], page: 4, page_size: 20, total: 45 }), {
      page: 4,
    });
    expect(screen.getByText('This page is empty.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(onPage).toHaveBeenCalledWith(1);
  });

  it('shows the rows, dimmed while the next page loads, with the pager', async () => {
    const items = Array.from({ length: 20 }, (_, i) => `Plant ${21 + i}`);
    const { onPage } = show(queryIn('success', { items, page: 2, page_size: 20, total: 45 }, true), {
      page: 2,
    });
    expect(screen.getByRole('list', { name: 'Plants' })).toHaveAttribute('data-dimmed', 'true');
    const pager = screen.getByRole('navigation', { name: 'Plant pages' });
    expect(pager).toHaveTextContent('Showing 21–40 of 45 plants');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('has no pager for a whole list (an answer without page meta) or a screen that does not page', () => {
    render(
      <ListBody
        query={queryIn('success', { items: ['Fern'], page: 1, page_size: 1, total: 9 })}
        items={(data: Page) => data.items}
        noun="plants"
        errorTitle="Error loading plants"
        empty={EMPTY}
      >
        {(items) => <p>{items.join()}</p>}
      </ListBody>,
    );
    expect(screen.getByText('Fern')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
