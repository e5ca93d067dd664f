// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '~/public-routes';
import { buildRobots, buildSitemap, sitemapPaths } from './crawl';

describe('sitemap.xml', () => {
  const xml = buildSitemap('https://isaac.example');

  it('lists every public page except sign-in and the payment receipt', () => {
    const expected = PUBLIC_ROUTES.filter((path) => path !== '/login' && path !== '/payment-success');
    expect(sitemapPaths()).toEqual(expected);
    for (const path of expected) {
      expect(xml).toContain(`<loc>https://isaac.example${path}</loc>`);
    }
    expect(xml).not.toContain('/login');
    expect(xml).not.toContain('/payment-success');
  });

  it('is a sitemaps.org urlset with one url per page', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<url>/g)).toHaveLength(PUBLIC_ROUTES.length - 2);
  });

  it('escapes XML special characters in URLs', () => {
    expect(buildSitemap('https://a.example', ['/x?a=1&b=2'])).toContain(
      '<loc>https://a.example/x?a=1&amp;b=2</loc>',
    );
  });
});

describe('robots.txt', () => {
  const robots = buildRobots('https://isaac.example');

  it('allows the storefront and keeps crawlers out of the signed-in areas', () => {
    const lines = robots.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/owner', '/electrician', '/dashboard', '/debug']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
  });

  it('points to the sitemap with an absolute URL', () => {
    expect(robots).toContain('Sitemap: https://isaac.example/sitemap.xml');
  });
});
