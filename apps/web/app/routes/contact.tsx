import { useSearchParams } from 'react-router';
import { findCatalogItem } from '@isaac/contract';
import { ContactForm } from '~/features/storefront/commerce/ContactForm';
import { ContactDetails } from '~/features/storefront/components/ContactDetails';
import { BackToHome, PageHero } from '~/features/storefront/components/PageHero';
import { container } from '~/features/storefront/components/ui';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { pageMeta } from '~/features/storefront/seo';
import { useHydrated } from '~/lib/use-hydrated';
import type { Route } from './+types/contact';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.contact,
    title: 'Contact Us',
    description:
      'Ask about a product, request a quote for automation or connected homes, get technical support or propose a partnership. Phone, e-mail, address and business hours.',
  });

export default function ContactPage() {
  const [searchParams] = useSearchParams();
  // The page is prerendered without a query: read ?subject= and ?product= only after hydration.
  const hydrated = useHydrated();
  const subject = hydrated ? searchParams.get('subject') : null;
  const productId = hydrated ? searchParams.get('product') : null;
  const product = productId ? findCatalogItem(productId) : undefined;

  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        intro={
          <p>
            Questions, quotes, support or partnerships: send us a message and we&apos;ll reply within one
            business day.
          </p>
        }
      />
      <div className={`${container} grid gap-12 py-14 lg:grid-cols-[1fr_1.5fr]`}>
        <section aria-labelledby="contact-details-heading">
          <h2 id="contact-details-heading" className="text-xl font-bold text-slate-900">
            Reach us directly
          </h2>
          <div className="mt-6">
            <ContactDetails />
          </div>
        </section>
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-heading" className="text-xl font-bold text-slate-900">
            {product ? `Quote request: ${product.name}` : 'Send us a message'}
          </h2>
          <div className="mt-6">
            <ContactForm defaultSubject={subject} defaultProductId={product?.id ?? null} />
          </div>
        </section>
      </div>
      <div className={`${container} pb-14`}>
        <BackToHome />
      </div>
    </StorefrontLayout>
  );
}
