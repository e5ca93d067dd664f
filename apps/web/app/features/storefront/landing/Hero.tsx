import { Link } from 'react-router';
import { ProductArt } from '../components/ProductArt';
import { buttonOnDark, container, focusRing } from '../components/ui';
import { HOMES_PROTECTED } from '../content/technology';

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-slate-950 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(14,165,233,0.45),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(16,185,129,0.25),transparent_50%)]"
      />
      <div
        className={`${container} relative grid items-center gap-12 pt-32 pb-20 lg:grid-cols-2 lg:pt-40 lg:pb-28`}
      >
        <div>
          <p className="text-sm font-semibold tracking-wider text-sky-300 uppercase">
            Autonomous air purification
          </p>
          <h1 id="hero-heading" className="mt-3 text-5xl font-extrabold tracking-tight sm:text-6xl">
            Clean Air. Delivered.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-300">
            ISAAC finds the worst air in your home and cleans it, room by room, quietly and on its own. Pair
            it with SKYWALKER sensors and Lumos switches for a home that looks after itself.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link
              to="#products"
              className={`inline-flex items-center justify-center rounded-full bg-sky-500 px-6 py-3 text-base font-semibold text-slate-950 transition-colors hover:bg-sky-400 ${focusRing}`}
            >
              Get Isaac
            </Link>
            <Link to="#technology" className={`${buttonOnDark} px-6 py-3 text-base`}>
              See it work
            </Link>
          </div>
          <dl className="mt-12 grid max-w-md grid-cols-3 gap-6 border-t border-white/15 pt-6">
            <div>
              <dt className="text-xs text-slate-400">Homes Protected</dt>
              <dd className="text-xl font-bold whitespace-nowrap sm:text-2xl">{HOMES_PROTECTED}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">Filtration</dt>
              <dd className="text-xl font-bold whitespace-nowrap sm:text-2xl">99.97%</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">Noise</dt>
              <dd className="text-xl font-bold whitespace-nowrap sm:text-2xl">&lt; 25 dB</dd>
            </div>
          </dl>
        </div>
        <div className="mx-auto w-full max-w-64 sm:max-w-md">
          <ProductArt
            id="isaac-purifier"
            className="h-auto w-full rounded-3xl shadow-2xl shadow-sky-900/50"
          />
        </div>
      </div>
    </section>
  );
}
