import { TERMS_OF_SERVICE } from '~/features/storefront/content/legal';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { LegalDocument } from '~/features/storefront/legal/LegalDocument';
import { pageMeta } from '~/features/storefront/seo';
import type { Route } from './+types/legal.terms-of-service';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: '/legal/terms-of-service',
    title: TERMS_OF_SERVICE.title,
    description: TERMS_OF_SERVICE.summary,
    ogType: 'article',
  });

export default function TermsOfServicePage() {
  return (
    <StorefrontLayout>
      <LegalDocument doc={TERMS_OF_SERVICE} />
    </StorefrontLayout>
  );
}
