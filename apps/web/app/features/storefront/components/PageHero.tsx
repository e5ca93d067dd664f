import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { container, focusRing } from './ui';
import { STOREFRONT_PATHS } from '~/lib/paths';

/** "Back to Home" link to / that every static page carries. */
export function BackToHome({ onDark = false }: { onDark?: boolean }) {
  return (
    <Link
      to={STOREFRONT_PATHS.home}
      className={`inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold ${
        onDark ? 'text-sky-300 hover:text-sky-200' : 'text-sky-700 hover:text-sky-800'
      } ${focusRing}`}
    >
      <ArrowLeft aria-hidden="true" size={16} />
      Back to Home
    </Link>
  );
}

interface PageHeroProps {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  /** Artwork shown beside the title on wide screens. */
  art?: ReactNode;
}

/** Dark title band at the top of every static page (the fixed header sits over it): the page's only h1. */
export function PageHero({ eyebrow, title, intro, children, art }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-slate-950 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(14,165,233,0.35),transparent_60%)]"
      />
      <div
        className={`${container} relative grid items-center gap-10 pt-28 pb-14 sm:pb-16 lg:grid-cols-[1fr_auto]`}
      >
        <div className="max-w-3xl">
          <BackToHome onDark />
          <p className="mt-6 text-sm font-semibold tracking-wider text-sky-300 uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          {intro && <div className="mt-5 text-lg leading-8 text-slate-300">{intro}</div>}
          {children && <div className="mt-8">{children}</div>}
        </div>
        {art && <div className="hidden lg:block">{art}</div>}
      </div>
    </section>
  );
}

interface SectionProps {
  id?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'white' | 'muted';
}

/** A content section with an h2; `scroll-mt-20` keeps anchored headings clear of the fixed header. */
export function Section({ id, title, intro, children, tone = 'white' }: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-16 py-14 sm:py-16 ${tone === 'muted' ? 'bg-slate-50' : 'bg-white'}`}
    >
      <div className={container}>
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {intro && <div className="mt-3 max-w-3xl text-base leading-7 text-slate-600">{intro}</div>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** A list of features with check marks. */
export function CheckList({
  items,
  tone = 'positive',
  onDark = false,
}: {
  items: readonly string[];
  tone?: 'positive' | 'negative';
  onDark?: boolean;
}) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li
          key={item}
          className={`flex gap-2 text-sm leading-6 ${onDark ? 'text-slate-200' : 'text-slate-700'}`}
        >
          <span
            aria-hidden="true"
            className={`mt-1 inline-flex h-4 w-4 flex-none items-center justify-center rounded-full text-[10px] font-bold text-white ${
              tone === 'positive' ? 'bg-emerald-600' : 'bg-rose-600'
            }`}
          >
            {tone === 'positive' ? '✓' : '✕'}
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
