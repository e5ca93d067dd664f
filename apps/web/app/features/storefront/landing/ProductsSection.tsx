import { CATALOG_PRODUCTS } from '@isaac/contract';
import { ProductCard } from '../components/ProductCard';
import { Section } from '../components/PageHero';

export function ProductsSection() {
  return (
    <Section
      id="products"
      title="Products"
      tone="muted"
      intro="From a single purifier to a fully connected home: everything is designed to work together and installed by our own team."
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {CATALOG_PRODUCTS.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </div>
    </Section>
  );
}
