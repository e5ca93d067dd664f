import { ContactForm } from '../commerce';
import { ContactDetails } from '../components/ContactDetails';
import { Section } from '../components/PageHero';

export function ContactSection() {
  return (
    <Section
      id="contact"
      title="Contact us"
      intro="Questions about a product, an installation or a partnership? Write to us and we'll get back to you within one business day."
    >
      <div className="grid gap-12 lg:grid-cols-[1fr_1.5fr]">
        <ContactDetails />
        <div className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8">
          <ContactForm />
        </div>
      </div>
    </Section>
  );
}
