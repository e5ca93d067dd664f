import { Mail, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { BusinessHours } from '~/features/storefront/components/ContactDetails';
import { BackToHome, PageHero, Section } from '~/features/storefront/components/PageHero';
import { buttonPrimary } from '~/features/storefront/components/ui';
import { SUPPORT_CHANNELS } from '~/features/storefront/content/support';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { pageMeta } from '~/features/storefront/seo';
import { COMPANY } from '~/features/storefront/site';
import type { Route } from './+types/support.contact-support';
import { STOREFRONT_PATHS, contactLink } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: STOREFRONT_PATHS.contactSupport,
    title: 'Contact Support',
    description:
      'Reach Isaac support by phone (Mon-Fri 9AM-6PM IST), live chat (24/7) or e-mail (reply within 24 hours). Headquarters in Bengaluru and business hours.',
  });

const ICONS = { phone: Phone, chat: MessageCircle, email: Mail } as const;

export default function ContactSupportPage() {
  return (
    <StorefrontLayout>
      <PageHero
        eyebrow="Support"
        title="Contact Support"
        intro={<p>Real people who know your ISAAC inside out. Pick whichever way suits you.</p>}
      />
      <Section id="channels" title="Ways to reach us" tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {SUPPORT_CHANNELS.map((channel) => {
            const Icon = ICONS[channel.id];
            return (
              <li
                key={channel.id}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-sky-100 text-sky-800">
                  <Icon aria-hidden="true" size={22} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{channel.title}</h3>
                <p className="mt-1 text-sm font-semibold text-emerald-800">{channel.availability}</p>
                <p className="mt-2 text-sm leading-6 text-slate-600">{channel.body}</p>
                <div className="mt-auto pt-6">
                  <Link to={contactLink('technical-support')} className={buttonPrimary}>
                    {channel.action}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section id="headquarters" title="Headquarters">
        <div className="grid gap-8 md:grid-cols-2">
          <div>
            <h3 className="font-semibold text-slate-900">Address</h3>
            <address className="mt-2 text-sm leading-6 text-slate-700 not-italic">
              {COMPANY.name}
              {COMPANY.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">Business hours</h3>
            <div className="mt-2 text-sm text-slate-700">
              <BusinessHours />
            </div>
          </div>
        </div>
        <div className="mt-12">
          <BackToHome />
        </div>
      </Section>
    </StorefrontLayout>
  );
}
