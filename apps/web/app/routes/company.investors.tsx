import { Link } from 'react-router';
import { BackToHome, PageHero, Section } from '~/features/storefront/components/PageHero';
import { buttonPrimary, textLink } from '~/features/storefront/components/ui';
import { INVESTOR_METRICS } from '~/features/storefront/content/company';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { pageMeta } from '~/features/storefront/seo';
import { COMPANY } from '~/features/storefront/site';
import type { Route } from './+types/company.investors';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.investors,
    title: 'Investors',
    description:
      'Isaac investor relations: key metrics, our growth in Indian clean-air and smart-home markets, and how to reach the IR team.',
  });

export default function InvestorsPage() {
  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Company"
        title="Investors"
        intro={
          <p>
            India has some of the world&apos;s most polluted cities and one of its fastest-growing housing
            markets. Isaac sells, installs and services the clean-air and smart-home systems those homes need.
          </p>
        }
      />
      <Section id="metrics" title="Key metrics" tone="muted">
        <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
          {INVESTOR_METRICS.map((metric) => (
            <div
              key={metric.label}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6"
            >
              <dt className="text-sm text-slate-600">{metric.label}</dt>
              <dd className="order-first text-3xl font-extrabold text-slate-900">{metric.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-slate-600">
          Company figures as of the last financial year; unaudited.
        </p>
      </Section>
      <Section id="ir-contact" title="Investor relations">
        <p className="max-w-2xl text-sm leading-6 text-slate-700">
          For financial information, meetings and shareholder questions, write to{' '}
          <a href={`mailto:${COMPANY.investorEmail}`} className={textLink}>
            {COMPANY.investorEmail}
          </a>{' '}
          or contact the IR team through our form.
        </p>
        <div className="mt-6">
          <Link to={STOREFRONT_PATHS.contact} className={buttonPrimary}>
            Contact IR Team
          </Link>
        </div>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </StorefrontLayout>
  );
}
