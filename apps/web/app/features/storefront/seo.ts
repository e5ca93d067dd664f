import type { MetaDescriptor } from 'react-router';

/** Absolute origin of the public site, used for canonical URLs, Open Graph and the sitemap. */
export function siteOrigin(): string {
  const fromEnv: unknown = import.meta.env.VITE_SITE_URL;
  const origin =
    typeof fromEnv === 'string' && fromEnv.trim() !== '' ? fromEnv.trim() : 'http://localhost:3000';
  return origin.replace(/\/+$/, '');
}

export const SITE_NAME = 'Isaac';
export const DEFAULT_OG_IMAGE = '/og-image.jpg';

/** `/products/x` → `https://site/products/x`; the home page keeps its trailing slash. */
export function absoluteUrl(path: string, origin: string = siteOrigin()): string {
  if (/^https?:\/\//.test(path)) return path;
  const clean = path.startsWith('/') ? path : `/${path}`;
  return `${origin}${clean}`;
}

type JsonLd = Extract<MetaDescriptor, { 'script:ld+json': unknown }>['script:ld+json'];

export interface PageSeo {
  /** Path of the page, e.g. `/products/isaac-purifier`. */
  path: string;
  /** Page title without the brand suffix. */
  title: string;
  description: string;
  ogType?: 'website' | 'product' | 'article';
  image?: string;
  jsonLd?: JsonLd;
  origin?: string;
}

/** Full `<title>`: `Air Purifier | Isaac`; the home page passes its own complete title. */
export function fullTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/** Every public route's `meta` export goes through here: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const origin = seo.origin ?? siteOrigin();
  const url = absoluteUrl(seo.path, origin);
  const title = fullTitle(seo.title);
  const image = absoluteUrl(seo.image ?? DEFAULT_OG_IMAGE, origin);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: seo.ogType ?? 'website' },
    { property: 'og:image', content: image },
    ...(seo.image
      ? []
      : [
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
          { property: 'og:image:alt', content: 'ISAAC — Clean Air. Delivered.' },
        ]),
    { property: 'og:locale', content: 'en_IN' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: seo.description },
    { name: 'twitter:image', content: image },
  ];
  if (seo.jsonLd) tags.push({ 'script:ld+json': seo.jsonLd });
  return tags;
}

export interface ProductLdInput {
  name: string;
  description: string;
  path: string;
  /** Price in paise. */
  pricePaise: number;
  sku: string;
  category?: string;
  image?: string;
  origin?: string;
}

/** schema.org Product with an INR offer (price in rupees, as schema.org expects). */
export function productJsonLd(input: ProductLdInput): JsonLd {
  const origin = input.origin ?? siteOrigin();
  const url = absoluteUrl(input.path, origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    description: input.description,
    sku: input.sku,
    ...(input.category ? { category: input.category } : {}),
    image: absoluteUrl(input.image ?? DEFAULT_OG_IMAGE, origin),
    brand: { '@type': 'Brand', name: SITE_NAME },
    url,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: (input.pricePaise / 100).toFixed(2),
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}
