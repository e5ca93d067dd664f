import { buildRobots } from '~/features/storefront/crawl';
import { siteOrigin } from '~/features/storefront/seo';

/** Resource route, prerendered to build/client/robots.txt. */
export function loader() {
  return new Response(buildRobots(siteOrigin()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
