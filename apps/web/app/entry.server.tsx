/**
 * Server entry used only at build time: `ssr: false` + `prerender` renders the public pages and the SPA
 * fallback to static HTML. It uses React's static renderer (`prerender`), which waits for all content,
 * including lazy components (storefront static content, ADR 011), and writes every Suspense boundary in
 * place: the HTML arrives complete, in reading order, with no streaming placeholders to swap in.
 * Web streams, so no Node-specific adapter package is needed.
 */
import { prerender } from 'react-dom/static';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  let status = responseStatusCode;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), streamTimeout + 1000);
  try {
    const { prelude } = await prerender(<ServerRouter context={routerContext} url={request.url} />, {
      signal: controller.signal,
      // Never outline a large Suspense boundary into a later chunk revealed by script (React's progressive
      // streaming): a static page is written whole, in order, so it paints complete and never shifts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
    responseHeaders.set('Content-Type', 'text/html');
    return new Response(prelude, { headers: responseHeaders, status });
  } finally {
    clearTimeout(timeout);
  }
}
