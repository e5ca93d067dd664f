/** 'Chrome on Linux' from a user agent; the raw string when nothing is recognised. */
export function describeUserAgent(userAgent: string | null): string {
  const parts = userAgentParts(userAgent);
  if (parts === null) return 'Unknown device';
  return typeof parts === 'string' ? parts : `${parts.browser} on ${parts.os}`;
}

/**
 * A user agent's browser and system (each a product name, the same in every language), the one of them
 * recognised or the raw string as text, or null for none.
 */
export function userAgentParts(userAgent: string | null): { browser: string; os: string } | string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /(Chrome|Chromium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return { browser, os };
  return browser ?? os ?? userAgent;
}
