import { buildSitemap } from '~/features/storefront/crawl';
import { siteOrigin } from '~/features/storefront/seo';

/** Resource route, prerendered to build/client/sitemap.xml. */
export function loader() {
  return new Response(buildSitemap(siteOrigin()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
}
