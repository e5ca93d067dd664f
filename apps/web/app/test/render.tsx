/**
 * The one render helper of page tests (every area): the app's query client (with its mutation feedback,
 * lib/query-client.ts), a router stub at the page's path, a probe showing the current location, and the
 * toast viewport; `setupPageTests` sets the runtime config and a stored token before each test and
 * clears toasts, fetch stubs and storage after it.
 */
import { TOKEN_STORAGE_KEY } from '@isaac/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import { API, type FakeApi } from './fake-api';

/** Shows the router's current path and query (`screen.getByTestId('location')`). */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderPageOptions {
  /** The fake API answering fetch (test/fake-api.ts). */
  api: Pick<FakeApi, 'fetchMock'>;
  /** The route path the page is mounted at (default '/'). */
  path?: string;
  /** The first URL (default `path`). */
  url?: string;
  /** Other routes the page may navigate to (each shows the location probe). */
  otherPaths?: readonly string[];
}

/** Renders `ui` as the page at `path`, with the location probe under it. */
export function renderPage(
  ui: ReactNode,
  { api, path = '/', url = path, otherPaths = [] }: RenderPageOptions,
) {
  vi.stubGlobal('fetch', api.fetchMock);
  const Page: ComponentType = () => (
    <>
      {ui}
      <LocationProbe />
    </>
  );
  const Stub = createRoutesStub([
    { path, Component: Page },
    ...otherPaths.map((other) => ({ path: other, Component: LocationProbe })),
  ]);
  const client = createQueryClient();
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <Stub initialEntries={[url]} />
        <Toaster />
      </QueryClientProvider>,
    ),
  };
}

/** Before each test: the API base URL and a stored token; after: no toasts, stubs or storage left. */
export function setupPageTests(): void {
  beforeEach(() => {
    window.__ISAAC_CONFIG__ = { apiUrl: API };
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}
