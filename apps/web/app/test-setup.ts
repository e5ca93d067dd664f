import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The files of a worker share one module cache and one jsdom (vitest.config.ts: isolate false). This runs
// before each file imports anything: every file gets the app's modules (stores, caches, mocks) afresh, and
// the page as a fresh jsdom has it — no storage, cookies, globals, head or body a file before left behind.
vi.resetModules();
vi.unstubAllGlobals();
vi.restoreAllMocks();
if (typeof window !== 'undefined') {
  // What the app reads from the page: the server's runtime configuration and Razorpay's checkout.js.
  for (const key of ['__ISAAC_CONFIG__', 'Razorpay']) Reflect.deleteProperty(window, key);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('lang');
  document.title = '';
  window.history.replaceState(null, '', '/');
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom has no matchMedia; react-hot-toast and responsive components ask for it.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}
