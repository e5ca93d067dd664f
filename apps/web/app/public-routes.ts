import { AUTH_PATHS, STOREFRONT_PATHS } from './lib/paths';

/** Every public (storefront) path: prerendered, listed in sitemap.xml; and /login (prerendered, not listed). */
export const PUBLIC_ROUTES = [...Object.values(STOREFRONT_PATHS), AUTH_PATHS.login] as const;
