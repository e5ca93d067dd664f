import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { priceLabel, type CatalogProduct } from '@isaac/contract';
import { BuyNowButton } from '../commerce/BuyNowButton';
import { CheckList } from './PageHero';
import { ProductArt } from './ProductArt';
import { focusRing } from './ui';

/** A landing-page product card (spec section 3): name, category, description, features, price, Buy Now. */
export function ProductCard({ product }: { product: CatalogProduct }) {
  const headingId = `product-${product.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <ProductArt id={product.id} />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold tracking-wider text-sky-700 uppercase">{product.category}</p>
        <h3 id={headingId} className="mt-1 text-xl font-bold text-slate-900">
          {product.name}
        </h3>
        <p className="mt-2 text-sm leading-6 text-slate-600">{product.description}</p>
        <div className="mt-4">
          <CheckList items={product.features} />
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-6">
          <p className="text-2xl font-bold text-slate-900">
            <span className="sr-only">Price: </span>
            {priceLabel(product.price)}
          </p>
          <BuyNowButton productId={product.id} aria-label={`Buy Now: ${product.name}`} />
        </div>
        {product.href && (
          <Link
            to={product.href}
            className={`mt-4 inline-flex items-center gap-1 self-start rounded-sm text-sm font-semibold text-sky-700 hover:text-sky-800 ${focusRing}`}
          >
            Learn more<span className="sr-only"> about {product.name}</span>
            <ArrowRight aria-hidden="true" size={16} />
          </Link>
        )}
      </div>
    </article>
  );
}
