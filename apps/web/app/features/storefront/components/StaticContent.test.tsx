import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { staticContent } from './StaticContent';

function Content() {
  return (
    <section>
      <h2>Technology</h2>
      <a href="/contact">Ask us</a>
    </section>
  );
}

describe('staticContent', () => {
  it('prerenders the component inside its marked wrapper', async () => {
    const Static = staticContent('test-prerender', async () => Content);
    // Prerendering waits for the lazy component, as entry.server does with allReady.
    const { renderToReadableStream } = await import('react-dom/server');
    const stream = await renderToReadableStream(<Static />);
    await stream.allReady;
    const html = await new Response(stream).text();
    expect(html).toMatch(/^<div data-static="test-prerender">/);
    expect(html).toContain('<h2>Technology</h2>');
  });

  it('keeps the prerendered markup when hydrating and never loads the component', async () => {
    const load = vi.fn(async () => Content);
    const Static = staticContent('test-hydrate', load);
    function Page() {
      const [count, setCount] = useState(0);
      return (
        <main>
          <button type="button" onClick={() => setCount((n) => n + 1)}>
            Clicked {count}
          </button>
          <Static />
        </main>
      );
    }
    const container = document.createElement('div');
    // What the prerendered page holds (the component's markup, rendered by the server).
    container.innerHTML = renderToString(
      <main>
        <button type="button">Clicked {0}</button>
        <div data-static="test-hydrate">
          <Content />
        </div>
      </main>,
    );
    document.body.append(container);
    const section = container.querySelector('section');
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    // The very same DOM node survived hydration, and survives the parent's re-renders.
    expect(container.querySelector('section')).toBe(section);
    await act(async () => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('Clicked 1');
    expect(container.querySelector('section')).toBe(section);
    expect(screen.getByRole('link', { name: 'Ask us' })).toHaveAttribute('href', '/contact');
    act(() => root?.unmount());
    container.remove();
  });

  it('loads and renders the component when the page did not arrive with it (client navigation)', async () => {
    const load = vi.fn(async () => Content);
    const Static = staticContent('test-navigate', load);
    render(<Static />);
    expect(await screen.findByRole('heading', { name: 'Technology' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading').closest('[data-static="test-navigate"]')).not.toBeNull();
  });
});
