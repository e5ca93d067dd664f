import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import { OfflineBanner, formatAsOf } from './OfflineBanner';

describe('formatAsOf (ADR 070)', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('says how old a read is, in minutes, hours, then days', () => {
    expect(formatAsOf(now - 20_000, now)).toMatch(/\(just now\)$/);
    expect(formatAsOf(now - 12 * 60_000, now)).toMatch(/\(12 min ago\)$/);
    expect(formatAsOf(now - 3 * 3600_000, now)).toMatch(/\(3 h ago\)$/);
    expect(formatAsOf(now - 3 * 86_400_000, now)).toMatch(/\(3 days ago\)$/);
  });
});

describe('OfflineBanner (ADR 070)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows nothing online; offline, the age of the oldest read on screen and what still works', async () => {
    const client = createQueryClient();
    client.setQueryData(['owner', 'devices'], { devices: [] }, { updatedAt: Date.now() - 5 * 60_000 });
    client.setQueryData(['owner', 'rooms'], { rooms: [] }, { updatedAt: Date.now() - 60 * 60_000 });
    function Devices() {
      useQuery({ queryKey: ['owner', 'devices'], queryFn: () => ({ devices: [] }), staleTime: Infinity });
      return null;
    }
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { container } = render(
      <QueryClientProvider client={client}>
        <Devices />
        <OfflineBanner>Commands need the network.</OfflineBanner>
      </QueryClientProvider>,
    );
    expect(container).toBeEmptyDOMElement();
    online.mockReturnValue(false);
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });
    // the rooms read is older but not on screen: the devices read is what "as of" is about
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Offline\. Showing what this device saved, as of .+ \(5 min ago\)\. Commands need the network\.$/,
    );
  });
});
