import { Link } from 'react-router';
import { ACCESSORIES, LUMOS_KITS } from '@isaac/contract';
import { AddToCartButton } from '~/features/storefront/commerce/AddToCartButton';
import { BuyNowButton } from '~/features/storefront/commerce/BuyNowButton';
import { BackToHome, PageHero, Section } from '~/features/storefront/components/PageHero';
import { buttonSecondary } from '~/features/storefront/components/ui';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { ItemCard } from '~/features/storefront/products/ItemCard';
import { pageMeta } from '~/features/storefront/seo';
import type { Route } from './+types/products.accessories';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.accessories,
    title: 'Accessories for ISAAC and SKYWALKER',
    description:
      'HEPA and carbon filters, pre-filters, power adapters, wall mounts, remotes and filter bundles for your ISAAC air purifier and SKYWALKER sensors.',
  });

export default function AccessoriesPage() {
  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Products"
        title="Accessories"
        intro={
          <p>
            Genuine filters and accessories for ISAAC and SKYWALKER. Add them to your cart and check out in
            one payment, or ask us which ones fit your setup.
          </p>
        }
      />
      <Section id="catalog" title="All accessories" tone="muted">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ACCESSORIES.map((accessory) => (
            <ItemCard
              key={accessory.id}
              item={accessory}
              actions={
                <>
                  <AddToCartButton itemId={accessory.id} aria-label={`Add to Cart: ${accessory.name}`} />
                  <Link to={STOREFRONT_PATHS.contact} className={buttonSecondary}>
                    Learn More<span className="sr-only"> about {accessory.name}</span>
                  </Link>
                </>
              }
            />
          ))}
        </div>
        <h2 id="lumos-kits" className="mt-14 text-2xl font-bold text-slate-900">
          Lumos touch switches, installed
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">
          Buy a Lumos kit here and our electrician fits it at your home: you give us the address at checkout,
          we schedule the visit and e-mail you the date.
        </p>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {LUMOS_KITS.map((kit) => (
            <ItemCard
              key={kit.id}
              item={kit}
              actions={<BuyNowButton productId={kit.id} aria-label={`Buy Now: ${kit.name}`} />}
            />
          ))}
        </div>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </StorefrontLayout>
  );
}
