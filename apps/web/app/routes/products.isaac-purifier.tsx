import { CATALOG_PRODUCTS } from '@isaac/contract';
import { PURIFIER_PAGE } from '~/features/storefront/content/products';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { ProductDetail } from '~/features/storefront/products/ProductDetail';
import { productPageMeta } from '~/features/storefront/products/product-meta';
import type { Route } from './+types/products.isaac-purifier';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  productPageMeta(CATALOG_PRODUCTS, PURIFIER_PAGE, STOREFRONT_PATHS.isaacPurifier);

export default function IsaacPurifierPage() {
  return (
    <StorefrontLayout>
      <ProductDetail content={PURIFIER_PAGE} />
    </StorefrontLayout>
  );
}
