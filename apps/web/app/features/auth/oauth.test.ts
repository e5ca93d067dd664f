import { describe, expect, it } from 'vitest';
import { isTrustedRedirect, oauthParamsFrom, productHosts } from './oauth';

describe('oauthParamsFrom', () => {
  it('is null unless both client_id and redirect_uri are present', () => {
    expect(oauthParamsFrom(new URLSearchParams(''))).toBeNull();
    expect(oauthParamsFrom(new URLSearchParams('client_id=alexa'))).toBeNull();
    expect(oauthParamsFrom(new URLSearchParams('redirect_uri=https://a.test'))).toBeNull();
  });

  it('reads client_id, redirect_uri, response_type, scope and state', () => {
    const search = new URLSearchParams({
      client_id: 'alexa',
      redirect_uri: 'https://layla.amazon.com/api/skill/link/X',
      response_type: 'code',
      scope: 'devices',
      state: 'abc',
      other: 'ignored',
    });
    expect(oauthParamsFrom(search)).toEqual({
      client_id: 'alexa',
      redirect_uri: 'https://layla.amazon.com/api/skill/link/X',
      response_type: 'code',
      scope: 'devices',
      state: 'abc',
    });
  });

  it('leaves out the optional fields that are absent', () => {
    expect(oauthParamsFrom(new URLSearchParams('client_id=g&redirect_uri=https%3A%2F%2Fx.test'))).toEqual({
      client_id: 'g',
      redirect_uri: 'https://x.test',
    });
  });
});

describe('isTrustedRedirect', () => {
  const hosts = ['isaac.example', 'api.isaac.example'];

  it('accepts http(s) URLs on the product hosts and their subdomains', () => {
    expect(isTrustedRedirect('https://isaac.example/oauth/authorize?code=1', hosts)).toBe(true);
    expect(isTrustedRedirect('http://api.isaac.example/oauth/callback', hosts)).toBe(true);
    expect(isTrustedRedirect('https://auth.isaac.example/x', hosts)).toBe(true);
  });

  it('rejects other schemes, other domains and look-alikes', () => {
    expect(isTrustedRedirect('javascript:alert(1)', hosts)).toBe(false);
    expect(isTrustedRedirect('/relative/path', hosts)).toBe(false);
    expect(isTrustedRedirect('https://evil.test/?isaac.example', hosts)).toBe(false);
    expect(isTrustedRedirect('https://isaac.example.evil.test/', hosts)).toBe(false);
    expect(isTrustedRedirect('https://notisaac.example/', hosts)).toBe(false);
    expect(isTrustedRedirect('https://isaac.example@evil.test/', hosts)).toBe(false);
  });

  it('by default trusts the page host and the API host', () => {
    window.__ISAAC_CONFIG__ = { apiUrl: 'https://api.isaac.example' };
    expect(productHosts()).toEqual(expect.arrayContaining([window.location.hostname, 'api.isaac.example']));
    expect(isTrustedRedirect('https://api.isaac.example/oauth/x')).toBe(true);
    delete window.__ISAAC_CONFIG__;
  });
});
