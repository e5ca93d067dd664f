import { Link } from 'react-router';
import { BackToHome, CheckList, PageHero, Section } from '~/features/storefront/components/PageHero';
import { buttonPrimary } from '~/features/storefront/components/ui';
import { WARRANTY_PLANS } from '~/features/storefront/content/support';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { pageMeta } from '~/features/storefront/seo';
import type { Route } from './+types/support.warranty';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.warranty,
    title: 'Warranty',
    description:
      'ISAAC air purifier: 2-year warranty. SKYWALKER sensor: 3 years. Filters and accessories: 90 days. What is covered, what is not, and how to make a claim.',
  });

export default function WarrantyPage() {
  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Support"
        title="Warranty"
        intro={
          <p>Every Isaac product is covered against manufacturing defects from the day it is delivered.</p>
        }
      />
      <Section id="plans" title="Coverage by product" tone="muted">
        <div className="grid gap-6 lg:grid-cols-3">
          {WARRANTY_PLANS.map((plan) => (
            <article
              key={plan.id}
              aria-labelledby={`warranty-${plan.id}`}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3 id={`warranty-${plan.id}`} className="text-lg font-semibold text-slate-900">
                {plan.name}
              </h3>
              <p className="mt-2 text-3xl font-extrabold text-sky-800">{plan.coverage}</p>
              <p className="text-sm text-slate-600">from the date of delivery</p>
              <h4 className="mt-6 text-sm font-semibold text-slate-900">What&apos;s covered</h4>
              <div className="mt-2">
                <CheckList items={plan.covered} />
              </div>
              <h4 className="mt-6 text-sm font-semibold text-slate-900">What&apos;s not covered</h4>
              <div className="mt-2">
                <CheckList items={plan.notCovered} tone="negative" />
              </div>
              <div className="mt-auto pt-6">
                <Link to={STOREFRONT_PATHS.contact} className={buttonPrimary}>
                  Contact Support<span className="sr-only"> about the {plan.name} warranty</span>
                </Link>
              </div>
            </article>
          ))}
        </div>
      </Section>
      <Section id="claim" title="How to make a claim">
        <ol className="list-decimal space-y-3 pl-5 text-sm leading-6 text-slate-700 marker:font-semibold marker:text-sky-800">
          <li>Find your order number in the confirmation e-mail, or the serial number under the device.</li>
          <li>Contact support with a short description of the problem, and a photo or video if you can.</li>
          <li>We diagnose it remotely first; most issues are fixed in a single call.</li>
          <li>
            If it needs repair, we pick it up from your home and return it repaired or replaced, free of
            charge.
          </li>
        </ol>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </StorefrontLayout>
  );
}
