import { Link } from 'react-router';
import { BackToHome, CheckList, PageHero, Section } from '~/features/storefront/components/PageHero';
import { buttonPrimary } from '~/features/storefront/components/ui';
import {
  COMMON_ISSUES,
  INSTALLATION_STEPS,
  INSTALLATION_TIPS,
  PRE_FILTER_CLEANING,
} from '~/features/storefront/content/support';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { pageMeta } from '~/features/storefront/seo';
import type { Route } from './+types/support.installation-guide';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.installationGuide,
    title: 'Installation Guide',
    description:
      'Set up ISAAC in six steps: charge, place the dock, install the app, pair over Bluetooth, connect to 2.4 GHz Wi-Fi and map your home. Tips, pre-filter cleaning and common issues.',
  });

export default function InstallationGuidePage() {
  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Support"
        title="Installation Guide"
        intro={
          <p>
            From the box to your first clean in about 30 minutes. You only need your phone and your Wi-Fi
            password.
          </p>
        }
      />

      <Section id="steps" title="Six steps to clean air">
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {INSTALLATION_STEPS.map((step, index) => (
            <li
              key={step.title}
              id={`step-${index + 1}`}
              className="scroll-mt-20 rounded-2xl border border-slate-200 p-6"
            >
              <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-sky-700 font-bold text-white">
                <span className="sr-only">Step </span>
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="tips" title="Tips" tone="muted">
        <CheckList items={INSTALLATION_TIPS} />
      </Section>

      <Section id="cleaning-the-pre-filter" title="Cleaning the pre-filter">
        <div className="grid gap-8 lg:grid-cols-[1.5fr_1fr]">
          <ol className="list-decimal space-y-3 pl-5 text-sm leading-6 text-slate-700 marker:font-semibold marker:text-sky-800">
            {PRE_FILTER_CLEANING.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <div className="rounded-2xl bg-emerald-50 p-6 text-sm leading-6 text-emerald-900">
            <p className="font-semibold">Every 2 months</p>
            <p className="mt-1">
              The pre-filter is washable and reusable. The HEPA and carbon filters are not: never wash them,
              replace them when the app asks.
            </p>
            <Link to={STOREFRONT_PATHS.replacementFilters} className={`${buttonPrimary} mt-4`}>
              Replacement filters
            </Link>
          </div>
        </div>
      </Section>

      <Section id="common-issues" title="Common issues" tone="muted">
        <dl className="grid gap-4 md:grid-cols-2">
          {COMMON_ISSUES.map((issue) => (
            <div key={issue.problem} className="rounded-2xl border border-slate-200 bg-white p-6">
              <dt className="font-semibold text-slate-900">{issue.problem}</dt>
              <dd className="mt-2 text-sm leading-6 text-slate-600">{issue.fix}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-sm text-slate-700">
          Still stuck?{' '}
          <Link to={STOREFRONT_PATHS.contact} className="font-semibold text-sky-700 underline">
            Contact Support
          </Link>{' '}
          and we will walk you through it.
        </p>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </StorefrontLayout>
  );
}
