import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '~/lib/toast';
import {
  CONTACT_SUBJECTS,
  MSG,
  findCatalogItem,
  type ContactBody,
  type ContactSubject,
} from '@isaac/contract';
import { useAdoptTypedValues, useHydrated } from '~/lib/use-hydrated';
import { buttonPrimary, focusRing } from '../components/ui';
import { loadOnce } from './load-once';

/** The API call is loaded on first use, so the api-client stays out of the pages' first load. */
const loadContactApi = loadOnce(() => import('./api/contact'));

interface ContactFormProps {
  /** A CONTACT_SUBJECTS value to preselect (unknown values are ignored). */
  defaultSubject?: string | null;
  /** A catalog id: a quote or product question about it (subject Product Inquiry, message prefilled). */
  defaultProductId?: string | null;
  className?: string;
}

interface ContactValues {
  name: string;
  email: string;
  subject: ContactSubject | '';
  message: string;
  website: string;
}

function isSubject(value: string | null | undefined): value is ContactSubject {
  return CONTACT_SUBJECTS.some((subject) => subject.value === value);
}

/** The form's starting values: the subject and product from the props (a quote request names the product). */
export function initialContactValues(
  defaultSubject?: string | null,
  defaultProductId?: string | null,
): ContactValues {
  const item = defaultProductId ? findCatalogItem(defaultProductId) : undefined;
  const subject: ContactSubject | '' = isSubject(defaultSubject)
    ? defaultSubject
    : item
      ? 'product-inquiry'
      : '';
  let message = '';
  if (item) {
    message =
      item.price.kind === 'fixed'
        ? `Hello, I have a question about ${item.name}.\n\n`
        : `Hello, I would like a quote for ${item.name}.\n\n`;
  }
  return { name: '', email: '', subject, message, website: '' };
}

const input = `mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-sky-600 ${focusRing}`;
const label = 'block text-sm font-medium text-slate-800';

/**
 * The contact form (spec sections 4, 5, 8): every field required, sent to POST /api/contact with a
 * honeypot; 'Sending...' while sending; cleared on success, kept on failure.
 */
export function ContactForm({ defaultSubject, defaultProductId, className }: ContactFormProps) {
  // New defaults (e.g. the query string read after hydration) start a fresh form.
  return (
    <ContactFormFields
      key={`${defaultSubject ?? ''}|${defaultProductId ?? ''}`}
      defaultSubject={defaultSubject}
      defaultProductId={defaultProductId}
      className={className}
    />
  );
}

function ContactFormFields({ defaultSubject, defaultProductId, className }: ContactFormProps) {
  const id = useId();
  const [values, setValues] = useState(() => initialContactValues(defaultSubject, defaultProductId));
  const set = (field: keyof ContactValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const [sending, setSending] = useState(false);
  // Until hydrated, a submit would be a plain GET with the message in the URL: keep it disabled.
  const hydrated = useHydrated();
  // What the visitor typed while the page was still loading is kept.
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptTypedValues(formRef, (typed) =>
    setValues((current) => ({
      name: typed.name ?? current.name,
      email: typed.email ?? current.email,
      subject: isSubject(typed.subject) ? typed.subject : current.subject,
      message: typed.message ?? current.message,
      website: typed.website ?? current.website,
    })),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !values.subject) return;
    const body: ContactBody = {
      name: values.name,
      email: values.email,
      subject: values.subject,
      message: values.message,
    };
    if (values.website) body.website = values.website;
    setSending(true);
    try {
      const { sendContactMessage } = await loadContactApi();
      await sendContactMessage(body);
      toast.success(MSG.contactSuccess);
      setValues(initialContactValues());
    } catch {
      toast.error(MSG.contactFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={() => void loadContactApi()}
      className={className}
      aria-label="Contact form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={label}>
            Name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            required
            maxLength={100}
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={label}>
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            className={input}
          />
        </div>
      </div>
      <div className="mt-4">
        <label htmlFor={`${id}-subject`} className={label}>
          Subject
        </label>
        <select
          id={`${id}-subject`}
          name="subject"
          required
          value={values.subject}
          onChange={set('subject')}
          className={input}
        >
          <option value="" disabled>
            Select a subject
          </option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject.value} value={subject.value}>
              {subject.label}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-4">
        <label htmlFor={`${id}-message`} className={label}>
          Message
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          required
          rows={5}
          maxLength={5000}
          value={values.message}
          onChange={set('message')}
          className={input}
        />
      </div>
      {/* Honeypot: invisible to people and skipped by keyboard; bots that fill it are dropped by the server. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={set('website')}
        />
      </div>
      <button
        type="submit"
        disabled={sending || !hydrated}
        className={`${buttonPrimary} mt-6 w-full sm:w-auto disabled:opacity-60`}
      >
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
