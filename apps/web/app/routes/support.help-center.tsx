import { Mail, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { BackToHome, PageHero, Section } from '~/features/storefront/components/PageHero';
import { focusRing } from '~/features/storefront/components/ui';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { pageMeta } from '~/features/storefront/seo';
import { COMPANY } from '~/features/storefront/site';
import { HelpCenterSearch } from '~/features/storefront/support/HelpCenter';
import type { Route } from './+types/support.help-center';
import { STOREFRONT_PATHS, contactLink } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.helpCenter,
    title: 'Help Center',
    description:
      'Answers about setting up ISAAC, Wi-Fi and Bluetooth pairing, filter care, troubleshooting, orders and warranty, with a search that filters articles and FAQs as you type.',
  });

const contactCard = `flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-md ${focusRing}`;

export default function HelpCenterPage() {
  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Support"
        title="Help Center"
        intro={
          <p>Search our guides and frequently asked questions, or get in touch with the support team.</p>
        }
      />
      <section aria-label="Search and articles" className="bg-slate-50 py-14">
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
          <HelpCenterSearch />
        </div>
      </section>
      <Section id="contact-options" title="Still need help?">
        <ul className="grid gap-6 md:grid-cols-3">
          <li>
            <a href={COMPANY.phoneHref} className={contactCard}>
              <Phone aria-hidden="true" className="flex-none text-sky-700" />
              <span>
                <span className="block font-semibold text-slate-900">Call {COMPANY.phone}</span>
                <span className="mt-1 block text-sm text-slate-600">Mon-Fri 9AM-6PM IST</span>
              </span>
            </a>
          </li>
          <li>
            <Link to={contactLink('technical-support')} className={contactCard}>
              <MessageCircle aria-hidden="true" className="flex-none text-sky-700" />
              <span>
                <span className="block font-semibold text-slate-900">Send us a message</span>
                <span className="mt-1 block text-sm text-slate-600">
                  Technical support, reply within 24 hours
                </span>
              </span>
            </Link>
          </li>
          <li>
            <Link to={STOREFRONT_PATHS.contactSupport} className={contactCard}>
              <Mail aria-hidden="true" className="flex-none text-sky-700" />
              <span>
                <span className="block font-semibold text-slate-900">All support options</span>
                <span className="mt-1 block text-sm text-slate-600">Phone, live chat and e-mail</span>
              </span>
            </Link>
          </li>
        </ul>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </StorefrontLayout>
  );
}
