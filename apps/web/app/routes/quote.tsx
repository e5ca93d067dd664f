import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { QuotePage } from '~/features/storefront/quote/QuotePage';
import type { Route } from './+types/quote';

// Opened from the quote e-mail's link: the token in the path is the key, so the page is never indexed.
export const meta: Route.MetaFunction = () => [
  { title: 'Your quote | Isaac' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function QuoteRoute({ params }: Route.ComponentProps) {
  return (
    <StorefrontLayout>
      <QuotePage token={params.token} />
    </StorefrontLayout>
  );
}
