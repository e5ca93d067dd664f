import { CATALOG_PRODUCTS } from '@isaac/contract';
import { SENSOR_PAGE } from '~/features/storefront/content/products';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { ProductDetail } from '~/features/storefront/products/ProductDetail';
import { productPageMeta } from '~/features/storefront/products/product-meta';
import type { Route } from './+types/products.skywalker-sensor';

export const meta: Route.MetaFunction = () =>
  productPageMeta(CATALOG_PRODUCTS, SENSOR_PAGE, '/products/skywalker-sensor');

export default function SkywalkerSensorPage() {
  return (
    <StorefrontLayout>
      <ProductDetail content={SENSOR_PAGE} />
    </StorefrontLayout>
  );
}
