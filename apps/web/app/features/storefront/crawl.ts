import { ADMIN_PATHS, AUTH_PATHS, ELECTRICIAN_PATHS, OWNER_PATHS, STOREFRONT_PATHS } from '~/lib/paths';
import { PUBLIC_ROUTES } from '~/public-routes';
import { absoluteUrl } from './seo';

/** Public paths that are not worth indexing (a sign-in form, a post-payment receipt). */
const NOT_INDEXED = new Set<string>([AUTH_PATHS.login, STOREFRONT_PATHS.paymentSuccess]);
/** Signed-in areas that crawlers must stay out of. */
export const DISALLOWED_PATHS = [
  ADMIN_PATHS.root,
  OWNER_PATHS.root,
  ELECTRICIAN_PATHS.root,
  AUTH_PATHS.dashboard,
  AUTH_PATHS.debug,
] as const;

export function sitemapPaths(routes: readonly string[] = PUBLIC_ROUTES): string[] {
  return routes.filter((path) => !NOT_INDEXED.has(path));
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** sitemaps.org XML for every indexed public page; the home page first, with the highest priority. */
export function buildSitemap(origin: string, routes: readonly string[] = PUBLIC_ROUTES): string {
  const urls = sitemapPaths(routes).map((path) => {
    const priority = path === '/' ? '1.0' : path.startsWith('/products/') ? '0.9' : '0.6';
    return [
      '  <url>',
      `    <loc>${escapeXml(absoluteUrl(path, origin))}</loc>`,
      '    <changefreq>weekly</changefreq>',
      `    <priority>${priority}</priority>`,
      '  </url>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', origin)}`,
    '',
  ].join('\n');
}
