/** Class names shared by the storefront's links and buttons (Tailwind only, visible focus everywhere). */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500';

export const buttonPrimary = `inline-flex items-center justify-center gap-2 rounded-full bg-sky-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-sky-800 ${focusRing}`;

export const buttonSecondary = `inline-flex items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-900 transition-colors hover:border-slate-400 hover:bg-slate-50 ${focusRing}`;

export const buttonOnDark = `inline-flex items-center justify-center gap-2 rounded-full border border-white/40 px-5 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-white/10 ${focusRing}`;

export const textLink = `font-semibold text-sky-700 underline-offset-4 hover:underline ${focusRing} rounded-sm`;

export const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';

export const footerLink = `rounded-sm text-sm text-slate-300 transition-colors hover:text-white ${focusRing}`;

/** The storefront's dialogs (cart drawer, purchase modal, sandbox checkout) on the shared `Dialog`. */
export const dialogBackdrop = 'bg-slate-950/60 backdrop-blur-[2px]';
export const dialogPanel = 'max-h-full overflow-y-auto bg-white text-slate-900';
