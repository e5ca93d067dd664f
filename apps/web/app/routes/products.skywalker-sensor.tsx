import { CATALOG_PRODUCTS } from '@isaac/contract';
import { SENSOR_PAGE } from '~/features/storefront/content/products';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { ProductDetail } from '~/features/storefront/products/ProductDetail';
import { productPageMeta } from '~/features/storefront/products/product-meta';
import type { Route } from './+types/products.skywalker-sensor';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  productPageMeta(CATALOG_PRODUCTS, SENSOR_PAGE, STOREFRONT_PATHS.skywalkerSensor);

export default function SkywalkerSensorPage() {
  return (
    <StorefrontLayout>
      <ProductDetail content={SENSOR_PAGE} />
    </StorefrontLayout>
  );
}
