import type { Report } from '@isaac/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, json } from '~/test/fake-api';
import { ReportsPage } from './ReportsPage';

// uPlot draws on a canvas jsdom does not have: a stand-in records what each chart was given.
const plots = vi.hoisted(() => [] as { series: { label?: string }[]; data: number[][] }[]);
vi.mock('uplot', () => ({
  default: class FakePlot {
    static tzDate = (date: Date) => date;
    constructor(options: { series: { label?: string }[] }, data: number[][]) {
      plots.push({ series: options.series, data });
    }
    setSize() {}
    destroy() {}
  },
}));

const TODAY = '2026-11-23';

function makeReport(patch: Partial<Report['series']> = {}, bucket: Report['bucket'] = 'week'): Report {
  const days = ['2026-11-09', '2026-11-16', '2026-11-23'];
  return {
    from: '2026-11-09',
    to: TODAY,
    bucket,
    timezone: 'UTC',
    currency: 'INR',
    series: {
      orders: days.map((d, i) => ({ bucket_start: d, paid_orders: i, revenue_paise: i * 399_900 })),
      users: days.map((d) => ({ bucket_start: d, electricians: 0, owners: 0, admins: 0, total: 0 })),
      devices: days.map((d, i) => ({ bucket_start: d, devices_added: i === 0 ? 5 : 0 })),
      installations: days.map((d, i) => ({ bucket_start: d, started: i, completed: 1 })),
      ...patch,
    },
    devices_online: { as_of: `${TODAY}T10:00:00.000Z`, online: 31, total: 48, share: 31 / 48 },
  };
}

interface Call {
  path: string;
  search: URLSearchParams;
}

function fakeReportsApi(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const call = { path: url.pathname, search: url.searchParams };
    calls.push(call);
    return answer(call);
  });
  return { calls, fetchMock };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderReports(api: ReturnType<typeof fakeReportsApi>, url = '/admin/reports') {
  vi.stubGlobal('fetch', api.fetchMock);
  const Stub = createRoutesStub([
    {
      path: '/admin/reports',
      Component: () => (
        <>
          <ReportsPage />
          <LocationProbe />
        </>
      ),
    },
  ]);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={[url]} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T10:00:00Z`) });
  window.__ISAAC_CONFIG__ = { apiUrl: API };
  localStorage.setItem('isaac_auth_token', 'token');
  plots.length = 0;
});

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const section = (name: string) => screen.getByRole('region', { name });

describe('ReportsPage', () => {
  it('asks for the last 90 days by week, and draws one chart per series with a text summary', async () => {
    const api = fakeReportsApi(() => json(200, makeReport()));
    renderReports(api);
    expect(screen.getByText('Loading reports…')).toBeInTheDocument();

    const orders = await screen.findByRole('region', { name: 'Orders and revenue' });
    expect(api.calls[0]?.path).toBe('/api/admin/reports');
    expect(Object.fromEntries(api.calls[0]?.search ?? [])).toEqual({
      from: '2026-08-26',
      to: TODAY,
      bucket: 'week',
    });
    expect(
      within(orders).getByText(
        'Paid orders: 3 in total. Revenue: ₹11,997 in total. Most paid orders in the week of 23 Nov 2026 (2).',
      ),
    ).toBeInTheDocument();
    // the data table alternative has every bucket
    const table = within(orders).getByRole('table', { name: 'Orders and revenue, by week' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: '16 Nov 2026 1 ₹3,999' })).toBeInTheDocument();

    // an all-zero series says so instead of drawing a flat line
    expect(within(section('New users')).getByText('No new users in this range')).toBeInTheDocument();
    expect(screen.getByText('65%')).toBeInTheDocument();
    expect(screen.getByText('31 of 48 devices (history is not kept)')).toBeInTheDocument();

    await waitFor(() => expect(plots).toHaveLength(3));
    const labels = plots.map((p) => p.series.slice(1).map((s) => s.label));
    expect(labels).toEqual([['Paid orders', 'Revenue'], ['Devices added'], ['Started', 'Completed']]);
    // x values are the buckets' UTC midnights
    expect(plots[0]?.data[0]?.[0]).toBe(Date.parse('2026-11-09T00:00:00Z') / 1000);
  });

  it('changes preset and bucket through the URL', async () => {
    const user = userEvent.setup();
    const api = fakeReportsApi(() => json(200, makeReport()));
    renderReports(api);
    await screen.findByRole('region', { name: 'Orders and revenue' });

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/reports?range=7&bucket=week');
    await user.selectOptions(screen.getByLabelText('Group by'), 'day');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/reports?range=7&bucket=day');
    await waitFor(() =>
      expect(Object.fromEntries(api.calls.at(-1)?.search ?? [])).toEqual({
        from: '2026-11-17',
        to: TODAY,
        bucket: 'day',
      }),
    );
  });

  it('checks a custom range as the API does, then asks for it', async () => {
    const user = userEvent.setup();
    const api = fakeReportsApi(() => json(200, makeReport()));
    renderReports(api);
    await screen.findByRole('region', { name: 'Orders and revenue' });

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom date range' });
    const from = within(form).getByLabelText(/From/);
    const to = within(form).getByLabelText(/To/);
    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.clear(to);
    await user.type(to, '2026-11-10');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByText('The start date must be on or before the end date')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/reports');

    await user.clear(from);
    await user.type(from, '2026-11-01');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin/reports?range=custom&from=2026-11-01&to=2026-11-10&bucket=week',
    );
    await waitFor(() =>
      expect(Object.fromEntries(api.calls.at(-1)?.search ?? [])).toMatchObject({
        from: '2026-11-01',
        to: '2026-11-10',
      }),
    );
  });

  it('shows the load error with Retry, and loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = fakeReportsApi(() =>
      fail ? json(500, { error: 'internal', message: 'boom' }) : json(200, makeReport()),
    );
    renderReports(api);
    // the screen retries once (spec section 9) before it shows the error
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(api.calls).toHaveLength(2);
    expect(within(alert).getByText('Error loading reports')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Installations' })).toBeInTheDocument();
  });

  it('downloads a series as CSV with the API query and names the file', async () => {
    const user = userEvent.setup();
    const api = fakeReportsApi((call) =>
      call.path.endsWith('.csv')
        ? new Response('bucket_start,started,completed\r\n2026-11-09,0,1\r\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv; charset=utf-8' },
          })
        : json(200, makeReport()),
    );
    const createObjectURL = vi.fn((blob: Blob) => {
      expect(blob.type).toBe('text/csv;charset=utf-8');
      return 'blob:report';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderReports(api, '/admin/reports?range=30&bucket=day');
    const installations = await screen.findByRole('region', { name: 'Installations' });
    await user.click(within(installations).getByRole('button', { name: 'Download Installations CSV' }));
    await waitFor(() => expect(clicked).toEqual(['isaac-installations-2026-10-25-to-2026-11-23-day.csv']));
    const csvCall = api.calls.find((c) => c.path === '/api/admin/reports/installations.csv');
    expect(Object.fromEntries(csvCall?.search ?? [])).toEqual({
      from: '2026-10-25',
      to: TODAY,
      bucket: 'day',
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('says when a download fails', async () => {
    const user = userEvent.setup();
    const api = fakeReportsApi((call) =>
      call.path.endsWith('.csv')
        ? json(500, { error: 'internal', message: 'Internal Server Error' })
        : json(200, makeReport()),
    );
    renderReports(api);
    const devices = await screen.findByRole('region', { name: 'Devices added' });
    await user.click(within(devices).getByRole('button', { name: 'Download Devices added CSV' }));
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
  });
});
