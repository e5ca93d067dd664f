import { Link } from 'react-router';
import { findCatalogItem, priceLabel } from '@isaac/contract';
import { BuyNowButton } from '../commerce/BuyNowButton';
import { BackToHome, CheckList, PageHero, Section } from '../components/PageHero';
import { ProductArt } from '../components/ProductArt';
import { buttonOnDark, buttonSecondary } from '../components/ui';
import type { ProductPageContent } from '../content/products';
import { STOREFRONT_PATHS } from '~/lib/paths';

/** The purifier and sensor pages: price and Buy Now from the one catalog, specifications, features, box. */
export function ProductDetail({ content }: { content: ProductPageContent }) {
  const item = findCatalogItem(content.id);
  if (!item) throw new Error(`Product ${content.id} is missing from the catalog`);
  const price = priceLabel(item.price);

  return (
    <>
      <PageHero
        eyebrow={content.eyebrow}
        title={content.title}
        intro={<p>{content.tagline}</p>}
        art={<ProductArt id={content.id} className="h-auto w-80 rounded-3xl" />}
      >
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-3xl font-bold">
            <span className="sr-only">Price: </span>
            {price}
          </p>
          <BuyNowButton productId={content.id} label="Order Now" />
          <Link to={STOREFRONT_PATHS.contact} className={buttonOnDark}>
            Contact Sales
          </Link>
        </div>
        <p className="mt-3 text-sm text-slate-400">
          Inclusive of GST · Free delivery and setup · {content.warranty}
        </p>
      </PageHero>

      <Section id="features" title="Features">
        <div className="grid gap-10 lg:grid-cols-[1.5fr_1fr]">
          <ul className="grid gap-6 sm:grid-cols-2">
            {content.highlights.map((highlight) => (
              <li key={highlight.title} className="rounded-2xl border border-slate-200 p-6">
                <h3 className="font-semibold text-slate-900">{highlight.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{highlight.body}</p>
              </li>
            ))}
          </ul>
          <div className="rounded-2xl bg-slate-50 p-6">
            <h3 className="font-semibold text-slate-900">At a glance</h3>
            <div className="mt-4">
              <CheckList items={item.features} />
            </div>
          </div>
        </div>
      </Section>

      <Section id="specifications" title="Specifications" tone="muted">
        <div className="grid gap-10 lg:grid-cols-[1.5fr_1fr]">
          <dl className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {content.specs.map((spec) => (
              <div key={spec.label} className="grid gap-1 px-5 py-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
                <dt className="text-sm font-semibold text-slate-900">{spec.label}</dt>
                <dd className="text-sm text-slate-700">{spec.value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="font-semibold text-slate-900">In the box</h3>
            <div className="mt-4">
              <CheckList items={content.inTheBox} />
            </div>
            <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
              <p className="text-sm text-slate-600">{item.name}</p>
              <p className="mt-1 text-2xl font-bold text-slate-900">{price}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <BuyNowButton productId={content.id} label="Order Now" />
                <Link to={STOREFRONT_PATHS.warranty} className={buttonSecondary}>
                  Warranty
                </Link>
              </div>
            </div>
          </div>
        </div>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </>
  );
}
