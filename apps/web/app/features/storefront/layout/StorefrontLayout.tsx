import type { ReactNode } from 'react';
import { CommerceProvider } from '../commerce/commerce-context';
import { focusRing } from '../components/ui';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Every public page: skip link, fixed header, main landmark, footer; cart and purchase modal via CommerceProvider. */
export function StorefrontLayout({ children }: { children: ReactNode }) {
  return (
    <CommerceProvider>
      <a
        href="#main"
        className={`sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-slate-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 ${focusRing}`}
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter />
    </CommerceProvider>
  );
}
