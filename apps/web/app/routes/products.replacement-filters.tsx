import { Link, useSearchParams } from 'react-router';
import { FILTERS, SUBSCRIPTION_DISCOUNT_PERCENT, priceLabel } from '@isaac/contract';
import { AddToCartButton } from '~/features/storefront/commerce/AddToCartButton';
import { BackToHome, CheckList, PageHero, Section } from '~/features/storefront/components/PageHero';
import { buttonSecondary, focusRing } from '~/features/storefront/components/ui';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { ForPurifier } from '~/features/storefront/products/ForPurifier';
import { ItemCard } from '~/features/storefront/products/ItemCard';
import { useHydrated } from '~/lib/use-hydrated';
import { pageMeta } from '~/features/storefront/seo';
import { CLEANING_GUIDE_HREF } from '~/features/storefront/site';
import type { Route } from './+types/products.replacement-filters';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.replacementFilters,
    title: 'Replacement Filters for ISAAC',
    description: `Genuine HEPA, carbon and washable pre-filters for ISAAC, a replacement schedule (HEPA every 6 months, carbon every 3, clean the pre-filter every 2) and ${SUBSCRIPTION_DISCOUNT_PERCENT}% off with a filter subscription.`,
  });

const months = (count: number) => `${count} month${count === 1 ? '' : 's'}`;

export default function ReplacementFiltersPage() {
  // `?for=<purifier>` (from the owner's device card or filter alert): read after hydration, as the page is
  // prerendered without it.
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const forDevice = hydrated ? params.get('for') : null;
  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Products"
        title="Replacement Filters"
        intro={
          <p>
            Fresh filters keep ISAAC at 99.97% filtration. Replace the HEPA and carbon filters on schedule and
            wash the pre-filter, and the app will remind you when each one is due.
          </p>
        }
      />

      <Section id="filters" title="Filters" tone="muted">
        {forDevice ? <ForPurifier deviceId={forDevice} /> : null}
        <div className="grid gap-6 md:grid-cols-3">
          {FILTERS.map((filter) => (
            <ItemCard
              key={filter.id}
              item={filter}
              details={
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-semibold text-slate-900">Lifespan</dt>
                  <dd className="text-slate-700">
                    {months(filter.lifespanMonths)}
                    {filter.washable ? ' between washes' : ''}
                  </dd>
                  <dt className="font-semibold text-slate-900">Washable</dt>
                  <dd className="text-slate-700">{filter.washable ? 'Yes' : 'No'}</dd>
                  <dt className="font-semibold text-slate-900">Fits</dt>
                  <dd className="text-slate-700">{filter.compatibility.join(', ')}</dd>
                </dl>
              }
              actions={<AddToCartButton itemId={filter.id} aria-label={`Add to Cart: ${filter.name}`} />}
            />
          ))}
        </div>
      </Section>

      <Section
        id="schedule"
        title="Replacement schedule"
        intro="Filter life depends on your air: in high-pollution months, check the app and replace sooner if it asks."
      >
        <div
          className="overflow-x-auto rounded-2xl border border-slate-200"
          tabIndex={0}
          role="region"
          aria-label="Replacement schedule table"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">When to replace or clean each ISAAC filter</caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-5">
                  Filter
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-5">
                  Lifespan
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-5">
                  Action
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {FILTERS.map((filter) => (
                <tr key={filter.id}>
                  <th scope="row" className="px-3 py-4 align-middle sm:px-5">
                    <span className="block font-semibold text-slate-900">{filter.name}</span>
                    <span className="block font-normal text-slate-600">{priceLabel(filter.price)}</span>
                  </th>
                  <td className="px-3 py-4 text-slate-700 sm:px-5">
                    <span className="block font-medium text-slate-900">{months(filter.lifespanMonths)}</span>
                    {filter.washable ? 'Washable: clean it' : 'Replace it'}
                  </td>
                  <td className="px-3 py-4 sm:px-5">
                    {filter.washable ? (
                      <Link
                        to={CLEANING_GUIDE_HREF}
                        className={`inline-flex rounded-full border border-emerald-700 px-4 py-2 font-semibold whitespace-nowrap text-emerald-800 hover:bg-emerald-50 ${focusRing}`}
                      >
                        Clean Now<span className="sr-only">: how to wash the {filter.name}</span>
                      </Link>
                    ) : (
                      <AddToCartButton
                        itemId={filter.id}
                        label="Replace Now"
                        aria-label={`Replace Now: add a ${filter.name} to the cart`}
                        className="whitespace-nowrap"
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="subscribe" title="Subscribe & Save" tone="muted">
        <div className="grid items-center gap-8 rounded-3xl bg-slate-950 p-8 text-white sm:p-10 lg:grid-cols-[1.5fr_1fr]">
          <div>
            <p className="text-4xl font-extrabold text-sky-300">
              {SUBSCRIPTION_DISCOUNT_PERCENT}% off every filter
            </p>
            <p className="mt-3 text-slate-300">
              We deliver the right filter just before it is due, so ISAAC never runs on a tired one.
            </p>
            <div className="mt-6">
              <CheckList
                onDark
                items={[
                  'HEPA every 6 months, carbon every 3 months',
                  'Free delivery, pause or cancel any time',
                  'Reminders to wash the pre-filter every 2 months',
                ]}
              />
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row lg:flex-col">
            <Link
              to={STOREFRONT_PATHS.contact}
              className={`inline-flex items-center justify-center rounded-full bg-sky-500 px-5 py-2.5 text-sm font-semibold text-slate-950 hover:bg-sky-400 ${focusRing}`}
            >
              Start Subscription
            </Link>
            <Link to={STOREFRONT_PATHS.contact} className={buttonSecondary}>
              Subscribe &amp; Save
            </Link>
          </div>
        </div>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </StorefrontLayout>
  );
}
