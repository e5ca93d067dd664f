/**
 * Browser entry. The browser build runs on Preact's React-compatible runtime (`preact/compat`, aliased
 * for `react` and `react-dom` in vite.config.ts), while prerendering stays on React (ADR 012); `npm run
 * dev` runs React, where all of this is harmless. Preact hydrates React's prerendered HTML; three
 * differences from React's `hydrateRoot(document, …)` are handled here:
 *
 * 1. Preact owns the children of <html>, not <html> itself (it renders into `document.documentElement`),
 *    so the app's <html> element is hydrated as a fragment: <head> and <body> are matched directly. Its
 *    attributes are the prerendered ones (hydration never rewrites attributes).
 * 2. React Router suspends its first render until the prerendered route data is decoded, which React
 *    allows at the root and Preact does not; the data is decoded before hydrating instead.
 * 3. Hydration removes elements the app does not render. The inline <style> the web server adds before
 *    the stylesheet link is one: hydration waits for the stylesheet, so the page never loses its styles.
 *
 * And Preact writes a <textarea>'s value while hydrating: every field's value is remembered just before
 * (`rememberTypedValues`), so text typed before the scripts arrived is adopted, not lost.
 */
import { Fragment, options, type ComponentChildren } from 'preact';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { rememberTypedValues } from './lib/use-hydrated';

const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type === 'html') {
    vnode.type = Fragment;
    vnode.props = { children: (vnode.props as { children?: ComponentChildren }).children };
  }
  previousVnodeHook?.(vnode);
};

/**
 * Resolves once React Router has decoded the route data embedded in the page. Rendering
 * `HydratedRouter` creates the router, and before the data is decoded it throws the decoding promise
 * (React's way to suspend); the router it creates on the next render is the one the app uses.
 */
async function routerDataDecoded(): Promise<void> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function') await thrown;
  }
}

/** How long hydration waits for the stylesheet at most (a link that already failed fires no event). */
const STYLESHEET_WAIT_MS = 3_000;

/** Resolves when every stylesheet link has loaded or failed, or after STYLESHEET_WAIT_MS. */
function stylesheetsLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet,
  );
  if (pending.length === 0) return Promise.resolve();
  const loaded = Promise.all(
    pending.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
  return Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, STYLESHEET_WAIT_MS))]);
}

await Promise.all([routerDataDecoded(), stylesheetsLoaded()]);
rememberTypedValues(document);
hydrateRoot(
  document,
  <StrictMode>
    <HydratedRouter />
  </StrictMode>,
);
