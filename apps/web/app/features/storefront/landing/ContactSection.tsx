import { ContactForm } from '../commerce/ContactForm';
import { Section } from '../components/PageHero';
import { staticContent } from '../components/StaticContent';

// The details stay prerendered HTML in the browser (ADR 011); the form hydrates.
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
          <ContactForm />
        </div>
      </div>
    </Section>
  );
}
