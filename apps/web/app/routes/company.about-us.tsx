import { BackToHome, PageHero, Section } from '~/features/storefront/components/PageHero';
import { STORY } from '~/features/storefront/content/company';
import { COMPANY_VALUES, IMPACT_STATS } from '~/features/storefront/content/values';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { pageMeta } from '~/features/storefront/seo';
import type { Route } from './+types/company.about-us';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.aboutUs,
    title: 'About Us',
    description:
      'Why we built ISAAC, the autonomous air purifier: our story, our values, and the impact of clean air in more than 50,000 Indian homes.',
  });

export default function AboutUsPage() {
  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Company"
        title="About Us"
        intro={<p>We make homes where the air is as clean in the bedroom as it is in the brochure.</p>}
      />
      <Section id="story" title="Our story">
        <div className="max-w-3xl space-y-5 text-base leading-7 text-slate-700">
          {STORY.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section id="values" title="Our values" tone="muted">
        <ul className="grid gap-6 sm:grid-cols-2">
          {COMPANY_VALUES.map((value) => (
            <li key={value.title} className="rounded-2xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{value.body}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="impact" title="Our impact">
        <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
          {IMPACT_STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col rounded-2xl bg-slate-950 p-6 text-white">
              <dt className="text-sm text-slate-300">{stat.label}</dt>
              <dd className="order-first text-3xl font-extrabold text-sky-300">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </StorefrontLayout>
  );
}
