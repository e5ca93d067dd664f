import { Link } from 'react-router';
import { formatInr, LAUNCH_OFFER, priceLabel, quoteRequestHref, type Price } from '@isaac/contract';
import { Section } from '../components/PageHero';
import { TechIcon } from '../components/TechIcon';
import { focusRing } from '../components/ui';
import { TECH_FEATURES, TECH_STATS } from '../content/technology';

function paiseOf(price: Price): number {
  return price.kind === 'quote' ? 0 : price.paise;
}

export function TechnologySection() {
  return (
    <Section
      id="technology"
      title="Technology"
      intro="ISAAC combines a mapping robot, a medical-grade filter stack and a network of room sensors. Here is how it works."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {TECH_FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-2xl border border-slate-200 p-6">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-sky-100 text-sky-800">
              <TechIcon name={feature.icon} />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">{feature.body}</p>
          </li>
        ))}
      </ul>

      <dl className="mt-12 grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-slate-800 lg:grid-cols-4">
        {TECH_STATS.map((stat) => (
          <div key={stat.label} className="bg-slate-900 px-6 py-8 text-center">
            <dt className="text-sm text-slate-300">{stat.label}</dt>
            <dd className="order-first text-2xl font-bold whitespace-nowrap text-white sm:text-3xl">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>

      <section className="mt-14" aria-labelledby="launch-offer-heading">
        <h3 id="launch-offer-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
          Launch offer from {formatInr(paiseOf(LAUNCH_OFFER.base))} base
        </h3>
        <p className="mt-2 text-sm text-slate-600">
          Whole-home automation packages, designed and installed by our team.
        </p>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {LAUNCH_OFFER.tiers.map((tier) => (
            <div
              key={tier.bhk}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h4 className="text-lg font-semibold text-slate-900">{tier.label}</h4>
              <ul className="mt-4 flex flex-1 flex-col gap-4">
                {[tier.standard, tier.advanced].map((pkg) => (
                  <li
                    key={pkg.id}
                    className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 p-4"
                  >
                    <div>
                      <p className="text-sm font-medium text-slate-600">{pkg.tier}</p>
                      <p className="text-xl font-bold text-slate-900">{formatInr(paiseOf(pkg.price))}</p>
                    </div>
                    <Link
                      to={quoteRequestHref(pkg.id)}
                      className={`rounded-full border border-sky-700 px-3 py-1.5 text-sm font-semibold text-sky-800 hover:bg-sky-50 ${focusRing}`}
                      aria-label={`Get a quote for ${tier.label} ${pkg.tier}, ${priceLabel(pkg.price).toLowerCase()}`}
                    >
                      Get a quote
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="mt-4 text-sm text-slate-600">{LAUNCH_OFFER.note}</p>
      </section>
    </Section>
  );
}
