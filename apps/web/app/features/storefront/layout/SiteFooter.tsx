import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { runtimeConfig } from '~/lib/config';
import { NewsletterForm } from '../commerce/NewsletterForm';
import { Brand } from '~/components/Brand';
import { container, focusRing, footerLink } from '../components/ui';
import { staticContent } from '../components/StaticContent';
import { COMPANY, configuredSocialLinks, SOCIAL_LABELS } from '../site';
import { STOREFRONT_PATHS } from '~/lib/paths';

type SocialLink = ReturnType<typeof configuredSocialLinks>[number];

const NO_SOCIAL: readonly SocialLink[] = [];
let socialCache: readonly SocialLink[] | undefined;

function readSocialLinks(): readonly SocialLink[] {
  socialCache ??= configuredSocialLinks(runtimeConfig().social);
  return socialCache;
}

// The link groups stay prerendered HTML in the browser (ADR 011).
const StaticFooterNav = staticContent('footer-nav', () => import('./FooterNav').then((m) => m.FooterNav));

const noSubscription = () => () => undefined;

export function SiteFooter() {
  // Runtime config exists only in the browser: the prerendered HTML has no social links, hydration adds them.
  const socialLinks = useSyncExternalStore(noSubscription, readSocialLinks, () => NO_SOCIAL);
  const year = new Date().getFullYear();

  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className={`${container} grid gap-10 py-14 lg:grid-cols-[1.3fr_2fr]`}>
        <div className="max-w-sm">
          <Link
            to={STOREFRONT_PATHS.home}
            className={`inline-flex items-center gap-2 rounded-md text-white ${focusRing}`}
          >
            <Brand />
          </Link>
          <p className="mt-4 text-sm leading-6 text-slate-400">
            Autonomous clean air and smart-home systems, designed and installed in India.
          </p>
          <h2 className="mt-8 text-sm font-semibold text-white">Get clean-air tips and launch offers</h2>
          <div className="mt-3">
            <NewsletterForm />
          </div>
          {socialLinks.length > 0 && (
            <div className="mt-8">
              <h2 className="text-sm font-semibold text-white">Follow us</h2>
              <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
                {socialLinks.map((link) => (
                  <li key={link.network}>
                    <a href={link.href} className={footerLink} target="_blank" rel="noopener noreferrer">
                      {SOCIAL_LABELS[link.network]}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>

        <StaticFooterNav />
      </div>
      <div className="border-t border-white/10">
        <div
          className={`${container} flex flex-col gap-2 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between`}
        >
          <p>
            © {year} {COMPANY.name} All rights reserved.
          </p>
          <p>
            <a href={`mailto:${COMPANY.email}`} className={footerLink}>
              {COMPANY.email}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
