import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { useFocusTrap } from './focus-trap';

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;
const TONES = {
  dark: {
    panel: 'border-slate-700 bg-slate-800 text-slate-100',
    muted: 'text-slate-400',
    close: 'text-slate-400 hover:bg-slate-700 hover:text-white',
    rule: 'border-slate-700',
  },
  light: {
    panel: 'border-slate-200 bg-white text-slate-900',
    muted: 'text-slate-600',
    close: 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
    rule: 'border-slate-200',
  },
} as const;

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (e.g. Cancel + the main action). */
  footer?: ReactNode;
  size?: keyof typeof WIDTHS;
  /** `dark` for the back office (default), `light` for the storefront. */
  tone?: keyof typeof TONES;
  /** What receives focus on open; default: the first focusable element (the X button comes last). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Whether a click on the backdrop closes the dialog (default true). Escape and X always close. */
  closeOnBackdrop?: boolean;
  /** While true, the dialog cannot be closed (e.g. a request in flight). */
  busy?: boolean;
}

let openModals = 0;

/**
 * An accessible dialog: rendered into document.body, `role="dialog"` + `aria-modal`, labelled by its title,
 * focus trapped inside, Escape and the X button close it, focus returns to the opener, the page behind does
 * not scroll.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  tone = 'dark',
  initialFocus,
  closeOnBackdrop = true,
  busy = false,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const close = () => {
    if (!busy) onClose();
  };
  useFocusTrap(panelRef, open, { onEscape: close, initialFocus });

  useEffect(() => {
    if (!open) return;
    openModals += 1;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      openModals -= 1;
      if (openModals === 0) document.body.style.overflow = previous;
    };
  }, [open]);

  if (!open || typeof document === 'undefined') return null;
  const colours = TONES[tone];

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-slate-950/70 backdrop-blur-sm"
        onClick={closeOnBackdrop ? close : undefined}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(
          'relative flex max-h-[92vh] w-full flex-col rounded-t-2xl border shadow-2xl outline-none sm:rounded-2xl',
          WIDTHS[size],
          colours.panel,
        )}
      >
        <div className="flex items-start justify-between gap-4 px-5 pt-5 pb-3">
          <div className="min-w-0 pr-8">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className={cx('mt-1 text-sm', colours.muted)}>
                {description}
              </p>
            ) : null}
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5">{children}</div>
        {footer ? (
          <div className={cx('flex flex-wrap justify-end gap-2 border-t px-5 py-4', colours.rule)}>
            {footer}
          </div>
        ) : null}
        <button
          type="button"
          aria-label="Close"
          onClick={close}
          disabled={busy}
          className={cx(
            'absolute top-4 right-4 rounded-lg p-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-sky-400 disabled:opacity-50',
            colours.close,
          )}
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
    </div>,
    document.body,
  );
}
