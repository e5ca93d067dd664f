import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '~/lib/toast';
import { STOREFRONT_MSG } from '@isaac/contract';
import { cx } from '~/components/ui/cx';
import { useAdoptTypedValues, useHydrated } from '~/lib/use-hydrated';
import { focusRing } from '../components/ui';
import { loadOnce } from './load-once';

/** Loaded on first use, so the api-client stays out of the pages' first load. */
const loadNewsletterApi = loadOnce(() => import('./api/newsletter'));

type Status = { kind: 'success' | 'error'; text: string } | null;

/** Footer newsletter sign-up: POST /api/newsletter, with an inline (live) status and a toast. */
export function NewsletterForm({
  tone = 'dark',
  className,
}: {
  tone?: 'dark' | 'light';
  className?: string;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const dark = tone === 'dark';

  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  // An address typed while the page was still loading is kept.
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptTypedValues(formRef, (typed) => {
    if (typed.email !== undefined) setEmail(typed.email);
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setStatus(null);
    setPending(true);
    try {
      const api = await loadNewsletterApi();
      try {
        const result = await api.subscribeNewsletter({ email: email.trim() });
        const text = result.message || STOREFRONT_MSG.newsletterSubscribed;
        setStatus({ kind: 'success', text });
        setEmail('');
        toast.success(text);
      } catch (error) {
        const text = api.errorMessage(error, STOREFRONT_MSG.newsletterFailed);
        setStatus({ kind: 'error', text });
        toast.error(text);
      }
    } catch {
      setStatus({ kind: 'error', text: STOREFRONT_MSG.newsletterFailed });
      toast.error(STOREFRONT_MSG.newsletterFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={() => void loadNewsletterApi()}
      className={className}
      aria-label="Newsletter sign-up"
    >
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={`${id}-status`}
          className={cx(
            'min-w-0 flex-1 rounded-full px-4 py-2.5 text-sm',
            dark
              ? 'border border-slate-700 bg-slate-900 text-white placeholder:text-slate-400'
              : 'border border-slate-300 bg-white text-slate-900 placeholder:text-slate-500',
            focusRing,
          )}
        />
        <button
          type="submit"
          disabled={pending || !hydrated}
          aria-label={pending ? 'Subscribing' : 'Subscribe'}
          className={cx(
            'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-sky-500 text-slate-950 hover:bg-sky-400 disabled:opacity-60',
            focusRing,
          )}
        >
          <Send aria-hidden="true" size={18} />
        </button>
      </div>
      <p
        id={`${id}-status`}
        role="status"
        aria-live="polite"
        className={cx(
          'mt-2 min-h-5 text-sm',
          status?.kind === 'error'
            ? dark
              ? 'text-red-300'
              : 'text-red-700'
            : dark
              ? 'text-emerald-300'
              : 'text-emerald-700',
        )}
      >
        {status?.text}
      </p>
    </form>
  );
}
