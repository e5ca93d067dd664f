/**
 * Browser entry. Same as React Router's default, except that hydration starts after the browser has
 * painted the prerendered page once: module scripts run as soon as the document is parsed, often
 * before the first frame, and hydrating then would hold the first paint back by the whole hydration
 * (hundreds of milliseconds on a slow phone). The prerendered HTML is complete and styled, so the
 * visitor sees the page at once (links work natively meanwhile; buttons answer one frame later).
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/** Runs `callback` after the next frame has been painted (rAF runs before the paint, the task after it). */
function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

// A page restored in a background tab gets no frames until it is shown: do not wait for a paint then.
if (document.visibilityState === 'visible') afterNextPaint(hydrate);
else hydrate();
