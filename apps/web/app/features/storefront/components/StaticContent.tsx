import { lazy, memo, Suspense, useState, type ComponentType } from 'react';

/**
 * Prerendered content with no behaviour of its own (text, pictures, plain links) that the browser
 * never hydrates, so its code is not part of the page's first-load JavaScript (ADR 011).
 *
 * `load` imports the component (a dynamic `import()`, so the bundler gives it a chunk of its own that no
 * page preloads). Import that module nowhere else statically, or its code lands in the page's chunk again.
 *
 * - Prerendering: the component renders (prerendering waits for it) inside `<div data-static="{id}">`.
 * - In the browser, when the page arrived with that element: the element keeps the markup it came with.
 *   It is read once from the document and handed back to React as `dangerouslySetInnerHTML`, which React
 *   neither hydrates nor re-renders, and the chunk is never fetched. Links inside are plain anchors: a
 *   click loads that prerendered page.
 * - In the browser without that element (a client-side navigation): the chunk is loaded and the
 *   component renders as usual.
 *
 * `id` (letters, digits and dashes) must name the content: the same id always renders the same markup.
 */
export function staticContent(id: string, load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
  const rendered = (
    <div data-static={id}>
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    </div>
  );
  // memo: the wrapper takes no props, so a parent's re-render never touches it.
  return memo(function StaticContent() {
    const [html] = useState(() => prerenderedHtml(id));
    if (html !== undefined) return <div data-static={id} dangerouslySetInnerHTML={{ __html: html }} />;
    return rendered;
  });
}

/** The markup of the prerendered element for `id` when the document has it (never while prerendering). */
function prerenderedHtml(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector(`[data-static="${id}"]`)?.innerHTML;
}
