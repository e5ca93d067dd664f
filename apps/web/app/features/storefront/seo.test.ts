// @vitest-environment node
import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, pageMeta, productJsonLd, siteOrigin } from './seo';

function content(tags: MetaDescriptor[], key: 'name' | 'property', value: string): unknown {
  const tag = tags.find((t) => key in t && (t as Record<string, unknown>)[key] === value);
  return tag && 'content' in tag ? tag.content : undefined;
}

describe('pageMeta', () => {
  const tags = pageMeta({
    path: '/products/isaac-purifier',
    title: 'ISAAC Air Purifier',
    description: 'Autonomous air purifier.',
    ogType: 'product',
    origin: 'https://isaac.example',
  });

  it('sets the title with the brand and the description', () => {
    expect(tags).toContainEqual({ title: 'ISAAC Air Purifier | Isaac' });
    expect(content(tags, 'name', 'description')).toBe('Autonomous air purifier.');
  });

  it('sets an absolute canonical URL and Open Graph tags', () => {
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://isaac.example/products/isaac-purifier',
    });
    expect(content(tags, 'property', 'og:title')).toBe('ISAAC Air Purifier | Isaac');
    expect(content(tags, 'property', 'og:description')).toBe('Autonomous air purifier.');
    expect(content(tags, 'property', 'og:url')).toBe('https://isaac.example/products/isaac-purifier');
    expect(content(tags, 'property', 'og:type')).toBe('product');
    expect(content(tags, 'property', 'og:image')).toBe('https://isaac.example/og-image.jpg');
  });

  it('keeps a title that already names the brand', () => {
    const home = pageMeta({ path: '/', title: 'Isaac — Clean Air. Delivered.', description: 'd' });
    expect(home).toContainEqual({ title: 'Isaac — Clean Air. Delivered.' });
  });

  it('adds JSON-LD only when given', () => {
    expect(tags.some((t) => 'script:ld+json' in t)).toBe(false);
  });
});

describe('productJsonLd', () => {
  it('describes a Product with an INR offer priced in rupees', () => {
    const ld = productJsonLd({
      name: 'ISAAC',
      description: 'Air purifier',
      path: '/products/isaac-purifier',
      pricePaise: 8_999_900,
      sku: 'isaac',
      origin: 'https://isaac.example',
    });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'ISAAC',
      offers: { '@type': 'Offer', priceCurrency: 'INR', price: '89999.00' },
      url: 'https://isaac.example/products/isaac-purifier',
    });
  });
});

describe('site origin', () => {
  it('defaults to the local web server and builds absolute URLs', () => {
    expect(siteOrigin()).toMatch(/^https?:\/\//);
    expect(absoluteUrl('/contact', 'http://localhost:3000')).toBe('http://localhost:3000/contact');
    expect(absoluteUrl('https://cdn.example/a.png', 'http://x')).toBe('https://cdn.example/a.png');
  });
});
