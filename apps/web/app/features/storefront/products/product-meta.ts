import type { MetaDescriptor } from 'react-router';
import type { CatalogProduct } from '@isaac/contract';
import type { ProductPageContent } from '../content/products';
import { pageMeta, productJsonLd } from '../seo';

/** A product page's meta: title, description, canonical, Open Graph and Product JSON-LD with the catalog INR price. */
export function productPageMeta(
  products: readonly CatalogProduct[],
  content: ProductPageContent,
  path: string,
): MetaDescriptor[] {
  const product = products.find((candidate) => candidate.id === content.id);
  if (!product || product.price.kind !== 'fixed') {
    throw new Error(`Product ${content.id} needs a fixed catalog price for its page`);
  }
  const description = `${product.description} ${content.warranty}, free setup.`;
  return pageMeta({
    path,
    title: content.title,
    description,
    ogType: 'product',
    jsonLd: productJsonLd({
      name: content.title,
      description: product.description,
      path,
      pricePaise: product.price.paise,
      sku: product.id,
      category: product.category,
      image: product.image,
    }),
  });
}
