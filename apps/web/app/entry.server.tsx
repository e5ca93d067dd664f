/**
 * Server entry used only at build time: `ssr: false` + `prerender` renders the public pages and the SPA
 * fallback to static HTML. It waits for all content (static generation), using React's web-stream renderer,
 * so no Node-specific adapter package is needed.
 */
import { renderToReadableStream } from 'react-dom/server';
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
    const stream = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
      signal: controller.signal,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
    await stream.allReady;
    responseHeaders.set('Content-Type', 'text/html');
    return new Response(stream, { headers: responseHeaders, status });
  } finally {
    clearTimeout(timeout);
  }
}
