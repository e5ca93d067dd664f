import { Link } from 'react-router';
import { BackToHome, PageHero, Section } from '~/features/storefront/components/PageHero';
import { buttonPrimary, textLink } from '~/features/storefront/components/ui';
import { PRESS_RELEASES } from '~/features/storefront/content/company';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { pageMeta } from '~/features/storefront/seo';
import { COMPANY } from '~/features/storefront/site';
import type { Route } from './+types/company.press';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.press,
    title: 'Press',
    description: 'Isaac press releases and media contacts: product launches, milestones and company news.',
  });

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export default function PressPage() {
  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Company"
        title="Press"
        intro={<p>News from Isaac, and everything journalists need to write about clean air at home.</p>}
      >
        <Link to={STOREFRONT_PATHS.contact} className={buttonPrimary}>
          Contact Press Team
        </Link>
      </PageHero>
      <Section id="releases" title="Press releases" tone="muted">
        <ul className="grid gap-6 lg:grid-cols-3">
          {PRESS_RELEASES.map((release) => (
            <li
              key={release.title}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6"
            >
              <p className="text-sm text-slate-600">
                <time dateTime={release.date}>{dateFormat.format(new Date(release.date))}</time>
              </p>
              <h3 className="mt-2 text-lg font-semibold text-slate-900">{release.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{release.summary}</p>
              <p className="mt-auto pt-6">
                <Link to={STOREFRONT_PATHS.contact} className={textLink}>
                  Read More<span className="sr-only">: {release.title}</span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="media" title="Media contacts">
        <p className="max-w-2xl text-sm leading-6 text-slate-700">
          For interviews, product samples and images, write to{' '}
          <a href={`mailto:${COMPANY.pressEmail}`} className={textLink}>
            {COMPANY.pressEmail}
          </a>{' '}
          or use the contact form. We answer press requests within one business day.
        </p>
        <div className="mt-6">
          <Link to={STOREFRONT_PATHS.contact} className={buttonPrimary}>
            Contact Press Team
          </Link>
        </div>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </StorefrontLayout>
  );
}
