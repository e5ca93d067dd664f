/// <reference lib="webworker" />
// Isaac's service worker (issue 34, ADR 070; Web Push from issue 33, ADR 067), built by vite-plugin-pwa
// (injectManifest) to /sw.js — the URL push subscriptions were made with. It
// - precaches the build's scripts, styles and icons (Workbox, the list injected at build time);
// - keeps the signed-in areas' HTML (the SPA fallback the web server sends, with its inlined
//   configuration and policy) and serves it from the cache, refreshing it in the background, so the back
//   office opens with no network after a first visit; a page never visited gets any cached shell (the
//   router renders the path). A new version empties that cache, so no page names scripts it no longer has;
// - keeps the storefront's prerendered pages from the network, the last copy when offline;
// - shows a Web Push notification and, on a click, focuses an Isaac tab on its link or opens one.
// API answers are not cached here: the app keeps its last reads itself (IndexedDB, with their age).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const SHELL_CACHE = 'isaac-app-shell';
const PAGES_CACHE = 'isaac-pages';
/** The signed-in areas: client-rendered, one HTML shell for all (routes.ts). */
const SIGNED_IN = /^\/(dashboard|admin|electrician|owner)(\/|$)/;
/** Fetched into the shell cache at install, so every signed-in page opens offline after the first visit. */
const SHELL_URL = '/dashboard';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', (event) => {
  void self.skipWaiting();
  event.waitUntil(
    (async () => {
      // A new build: the shells cached by the last one name its scripts, so they go.
      await caches.delete(SHELL_CACHE);
      const cache = await caches.open(SHELL_CACHE);
      const response = await fetch(SHELL_URL, { credentials: 'same-origin' }).catch(() => null);
      if (response?.ok) await cache.put(SHELL_URL, response);
    })(),
  );
});
clientsClaim();

/** The cache key of a page: its path (the query is the app's, the HTML is the same). */
const pageKey = (url: URL) => `${url.origin}${url.pathname}`;

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && SIGNED_IN.test(url.pathname),
  async ({ request, url, event }) => {
    const cache = await caches.open(SHELL_CACHE);
    const network = fetch(request).then(async (response) => {
      if (response.ok && response.type === 'basic') await cache.put(pageKey(url), response.clone());
      return response;
    });
    const cached = (await cache.match(pageKey(url))) ?? (await cache.match(SHELL_URL));
    if (!cached) return network;
    (event as ExtendableEvent).waitUntil(network.catch(() => undefined));
    return cached;
  },
);

registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({ cacheName: PAGES_CACHE, networkTimeoutSeconds: 4 }),
);

interface PushPayload {
  id?: string;
  title?: string;
  body?: string;
  link?: unknown;
}

self.addEventListener('push', (event) => {
  let data: PushPayload;
  try {
    data = event.data ? (event.data.json() as PushPayload) : {};
  } catch {
    data = { title: 'Isaac', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Isaac', {
      body: data.body || '',
      tag: data.id,
      icon: '/icons/icon-192.png',
      badge: '/favicon.svg',
      data: { link: typeof data.link === 'string' && data.link.startsWith('/') ? data.link : '/dashboard' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data as { link?: string } | null)?.link || '/dashboard';
  const url = new URL(link, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return ((await open.navigate(url)) ?? open).focus();
      return self.clients.openWindow(url);
    }),
  );
});
