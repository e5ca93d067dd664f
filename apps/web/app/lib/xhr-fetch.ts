/**
 * `fetch` for uploads that report progress (DESIGN.md: fetch has no upload progress, XMLHttpRequest
 * has). Same inputs as the api-client's fetch call, and a standard `Response`, so the client's
 * transport semantics (CSRF retry, 401 handling, refresh) apply unchanged.
 */
export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body (0 when the browser cannot tell). */
  total: number;
}

export interface XhrInit {
  method: string;
  headers: Record<string, string>;
  body?: XMLHttpRequestBodyInit;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

export function xhrFetch(
  url: string,
  init: XhrInit,
  onUploadProgress: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.withCredentials = init.credentials === 'include';
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    });
    const abort = () => xhr.abort();
    init.signal?.addEventListener('abort', abort, { once: true });
    const done = () => init.signal?.removeEventListener('abort', abort);
    xhr.addEventListener('load', () => {
      done();
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      // A Response cannot carry a body with these statuses.
      const body = [204, 205, 304].includes(xhr.status) ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, headers }));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    xhr.send(init.body ?? null);
  });
}
