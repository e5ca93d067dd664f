import { lazy, Suspense } from 'react';
import { Section } from '../components/PageHero';
import { staticContent } from '../components/StaticContent';

// The details stay prerendered HTML in the browser (ADR 011); the form hydrates.
// The form's code is not part of the landing page's first load (the section is far below the fold): React keeps
// the prerendered form, and what is typed into it, until its code arrives and then hydrates it in place.
const ContactForm = lazy(() => import('../commerce/ContactForm').then((m) => ({ default: m.ContactForm })));
const StaticContactDetails = staticContent('contact-details', () =>
  import('../components/ContactDetails').then((m) => m.ContactDetails),
);

export function ContactSection() {
  return (
    <Section
      id="contact"
      title="Contact us"
      intro="Questions about a product, an installation or a partnership? Write to us and we'll get back to you within one business day."
    >
      <div className="grid gap-12 lg:grid-cols-[1fr_1.5fr]">
        <StaticContactDetails />
        <div className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8">
          <Suspense fallback={null}>
            <ContactForm />
          </Suspense>
        </div>
      </div>
    </Section>
  );
}
