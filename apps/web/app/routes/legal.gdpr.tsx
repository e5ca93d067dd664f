import { GDPR } from '~/features/storefront/content/legal';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { LegalDocument } from '~/features/storefront/legal/LegalDocument';
import { pageMeta } from '~/features/storefront/seo';
import type { Route } from './+types/legal.gdpr';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({ path: STOREFRONT_PATHS.gdpr, title: GDPR.title, description: GDPR.summary, ogType: 'article' });

export default function GdprPage() {
  return (
    <StorefrontLayout>
      <LegalDocument doc={GDPR} />
    </StorefrontLayout>
  );
}
