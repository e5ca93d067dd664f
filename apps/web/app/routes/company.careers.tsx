import { Link } from 'react-router';
import { BackToHome, PageHero, Section } from '~/features/storefront/components/PageHero';
import { buttonPrimary } from '~/features/storefront/components/ui';
import { OPEN_POSITIONS } from '~/features/storefront/content/company';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { pageMeta } from '~/features/storefront/seo';
import type { Route } from './+types/company.careers';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.careers,
    title: 'Careers',
    description:
      'Join Isaac in Bengaluru. Open positions: Software Engineer, Product Manager and Hardware Engineer, building clean-air and smart-home products for India.',
  });

export default function CareersPage() {
  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Company"
        title="Careers"
        intro={
          <p>
            Help millions of families breathe cleaner air. We are a small team that designs, builds and
            installs its own hardware and software.
          </p>
        }
      />
      <Section id="positions" title="Open positions" tone="muted">
        <ul className="space-y-4">
          {OPEN_POSITIONS.map((position) => (
            <li
              key={position.title}
              className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="max-w-2xl">
                <h3 className="text-lg font-semibold text-slate-900">{position.title}</h3>
                <p className="mt-1 text-sm font-medium text-sky-800">
                  {position.team} · {position.location} · {position.type}
                </p>
                <p className="mt-2 text-sm leading-6 text-slate-600">{position.summary}</p>
              </div>
              <Link to={STOREFRONT_PATHS.contact} className={`${buttonPrimary} flex-none`}>
                Apply Now<span className="sr-only"> for {position.title}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-slate-700">
          Don&apos;t see your role? Tell us what you would like to work on through the{' '}
          <Link to={STOREFRONT_PATHS.contact} className="font-semibold text-sky-700 underline">
            contact form
          </Link>
          .
        </p>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </StorefrontLayout>
  );
}
