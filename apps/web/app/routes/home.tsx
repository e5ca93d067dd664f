import { ContactSection } from '~/features/storefront/landing/ContactSection';
import { ProductsSection } from '~/features/storefront/landing/ProductsSection';
import { staticContent } from '~/features/storefront/components/StaticContent';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { absoluteUrl, pageMeta } from '~/features/storefront/seo';
import { COMPANY } from '~/features/storefront/site';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: '/',
    title: 'Isaac — Clean Air. Delivered. Autonomous air purifiers and smart homes',
    description:
      'ISAAC, the autonomous air purifier that cleans your home room by room, with SKYWALKER air-quality sensors, Lumos smart switches and whole-home automation installed across India.',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: COMPANY.name,
      brand: COMPANY.brand,
      url: absoluteUrl('/'),
      logo: absoluteUrl('/favicon.svg'),
      email: COMPANY.email,
      telephone: COMPANY.phone,
    },
  });

// Sections without behaviour stay prerendered HTML in the browser (ADR 011); the products (buy
// buttons) and the contact form hydrate.
const StaticHero = staticContent('landing-hero', () =>
  import('~/features/storefront/landing/Hero').then((m) => m.Hero),
);
const StaticTechnology = staticContent('landing-technology', () =>
  import('~/features/storefront/landing/TechnologySection').then((m) => m.TechnologySection),
);
const StaticAbout = staticContent('landing-about', () =>
  import('~/features/storefront/landing/AboutSection').then((m) => m.AboutSection),
);

export default function Home() {
  return (
    <StorefrontLayout>
      <StaticHero />
      <ProductsSection />
      <StaticTechnology />
      <StaticAbout />
      <ContactSection />
    </StorefrontLayout>
  );
}
