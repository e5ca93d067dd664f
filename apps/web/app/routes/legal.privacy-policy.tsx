import { PRIVACY_POLICY } from '~/features/storefront/content/legal';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { LegalDocument } from '~/features/storefront/legal/LegalDocument';
import { pageMeta } from '~/features/storefront/seo';
import type { Route } from './+types/legal.privacy-policy';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.privacyPolicy,
    title: PRIVACY_POLICY.title,
    description: PRIVACY_POLICY.summary,
    ogType: 'article',
  });

export default function PrivacyPolicyPage() {
  return (
    <StorefrontLayout>
      <LegalDocument doc={PRIVACY_POLICY} />
    </StorefrontLayout>
  );
}
