import { TERMS_OF_SERVICE } from '~/features/storefront/content/legal';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { LegalDocument } from '~/features/storefront/legal/LegalDocument';
import { pageMeta } from '~/features/storefront/seo';
import type { Route } from './+types/legal.terms-of-service';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.termsOfService,
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
