import { HeartHandshake, House, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Section } from '../components/PageHero';
import { textLink } from '../components/ui';
import { COMPANY_VALUES } from '../content/values';
import { HOMES_PROTECTED } from '../content/technology';
import { STOREFRONT_PATHS } from '~/lib/paths';

const VALUE_ICONS = [Sparkles, House, ShieldCheck, HeartHandshake] as const;

export function AboutSection() {
  return (
    <Section id="about" title="About Isaac" tone="muted">
      <div className="grid gap-12 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <p className="text-lg leading-8 text-slate-700">
            Isaac started in a Bengaluru apartment in 2021, when our founders measured the air in their
            children&apos;s bedroom and found it worse than the street outside. Fixed purifiers only cleaned
            the corner they sat in, so we built one that moves. Today ISAAC, SKYWALKER and Lumos protect homes
            across India.
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {COMPANY_VALUES.map((value, index) => {
              const Icon = VALUE_ICONS[index] ?? Sparkles;
              return (
                <li key={value.title} className="flex gap-4">
                  <span className="inline-flex h-10 w-10 flex-none items-center justify-center rounded-lg bg-emerald-100 text-emerald-800">
                    <Icon aria-hidden="true" size={20} />
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900">{value.title}</h3>
                    <p className="mt-1 text-sm leading-6 text-slate-600">{value.body}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          <p className="mt-8">
            <Link to={STOREFRONT_PATHS.aboutUs} className={textLink}>
              Read our story
            </Link>
          </p>
        </div>
        <div className="flex flex-col justify-center rounded-3xl bg-slate-950 p-10 text-center text-white">
          <p className="text-6xl font-extrabold tracking-tight text-sky-300">{HOMES_PROTECTED}</p>
          <p className="mt-2 text-lg font-semibold">Homes Protected</p>
          <p className="mt-4 text-sm leading-6 text-slate-300">
            Families across 14 Indian cities breathe cleaner air with Isaac every day.
          </p>
        </div>
      </div>
    </Section>
  );
}
