import { COOKIE_POLICY } from '~/features/storefront/content/legal';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { LegalDocument } from '~/features/storefront/legal/LegalDocument';
import { pageMeta } from '~/features/storefront/seo';
import type { Route } from './+types/legal.cookie-policy';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.cookiePolicy,
    title: COOKIE_POLICY.title,
    description: COOKIE_POLICY.summary,
    ogType: 'article',
  });

export default function CookiePolicyPage() {
  return (
    <StorefrontLayout>
      <LegalDocument doc={COOKIE_POLICY} />
    </StorefrontLayout>
  );
}
