import { AlertCircle } from 'lucide-react';
import { Brand } from '~/components/Brand';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '~/components/LanguageSwitch';
import { useLocaliseMessage } from '~/lib/i18n/messages';
import { useLanguageSync } from '~/lib/i18n/use-language-sync';
import '~/lib/i18n/auth-texts';

/** The signed-out card pages share (consent, invitation): the brand, then the page's content. */
export function AuthCard({ children }: { children: ReactNode }) {
  // The pages before sign-in follow this browser's language, or the one chosen here (ADR 073).
  useLanguageSync();
  return (
    <main className="flex min-h-screen flex-col items-center bg-slate-950 px-4 pt-[max(2.5rem,calc(50vh-16rem))] pb-10 text-slate-100">
      <LanguageSwitch className="mb-4 w-full max-w-md justify-end" />
      <div className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900/80 p-6 shadow-2xl sm:p-8">
        <Brand size="lg" tagline />
        {children}
      </div>
    </main>
  );
}

/** A refusal or failure, announced. */
export function Alert({ message }: { message: string }) {
  const localise = useLocaliseMessage();
  return (
    <div
      role="alert"
      className="mt-5 flex gap-2 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p>{localise(message)}</p>
    </div>
  );
}
