import { afterEach, describe, expect, it } from 'vitest';
import { apiUrlForPage, runtimeConfig } from './config';

afterEach(() => {
  delete window.__ISAAC_CONFIG__;
});

describe('apiUrlForPage', () => {
  it("calls a loopback API under the page's own loopback name when the API answers under every one", () => {
    expect(apiUrlForPage('http://localhost:4000', true, '127.0.0.1')).toBe('http://127.0.0.1:4000');
    expect(apiUrlForPage('http://127.0.0.1:4000/', true, 'localhost')).toBe('http://localhost:4000');
    // The path (an API behind a prefix) and port are kept.
    expect(apiUrlForPage('http://localhost:4000/api/', true, '127.0.0.1')).toBe('http://127.0.0.1:4000/api');
  });

  it('keeps the configured URL otherwise', () => {
    // Production (the server sends no aliases): the one API origin its policy allows.
    expect(apiUrlForPage('http://localhost:4000', false, '127.0.0.1')).toBe('http://localhost:4000');
    // Same name already.
    expect(apiUrlForPage('http://localhost:4000/', true, 'localhost')).toBe('http://localhost:4000');
    // A page that is not on a loopback name, or an API that is not.
    expect(apiUrlForPage('http://localhost:4000', true, 'isaac.example')).toBe('http://localhost:4000');
    expect(apiUrlForPage('https://api.isaac.example', true, '127.0.0.1')).toBe('https://api.isaac.example');
    // [::1]: a Content-Security-Policy cannot name an IPv6 literal origin.
    expect(apiUrlForPage('http://localhost:4000', true, '[::1]')).toBe('http://localhost:4000');
    // Prerendering (no page).
    expect(apiUrlForPage('http://localhost:4000', true, undefined)).toBe('http://localhost:4000');
  });
});

describe('runtimeConfig', () => {
  it('reads the injected configuration and applies the loopback rule to the page it runs in', () => {
    // jsdom's page is http://localhost:3000 (vitest's default URL).
    expect(window.location.hostname).toBe('localhost');
    window.__ISAAC_CONFIG__ = { apiUrl: 'http://127.0.0.1:4100/', demo: true, apiLoopbackAliases: true };
    expect(runtimeConfig()).toEqual({ apiUrl: 'http://localhost:4100', social: {}, demo: true });
    window.__ISAAC_CONFIG__ = { apiUrl: 'http://127.0.0.1:4100/' };
    expect(runtimeConfig().apiUrl).toBe('http://127.0.0.1:4100');
  });

  it('defaults to the local API without an injected configuration (npm run dev)', () => {
    expect(runtimeConfig()).toEqual({ apiUrl: 'http://localhost:4000', social: {}, demo: false });
  });
});
