import { AboutSection } from '~/features/storefront/landing/AboutSection';
import { ContactSection } from '~/features/storefront/landing/ContactSection';
import { Hero } from '~/features/storefront/landing/Hero';
import { ProductsSection } from '~/features/storefront/landing/ProductsSection';
import { TechnologySection } from '~/features/storefront/landing/TechnologySection';
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

export default function Home() {
  return (
    <StorefrontLayout>
      <Hero />
      <ProductsSection />
      <TechnologySection />
      <AboutSection />
      <ContactSection />
    </StorefrontLayout>
  );
}
