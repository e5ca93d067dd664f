import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useId } from 'react';
import { cx } from './cx';
import { Dialog } from './Dialog';
import { useCommonT } from '~/lib/i18n';

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

/**
 * The back office's dialog layout on the one `Dialog` (focus trap, Escape, scroll lock, focus return): a
 * title, an optional description, a scrolling body, a footer of buttons and an X button. Renders nothing
 * while closed.
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
  const titleId = useId();
  const { t } = useCommonT();
  const descriptionId = useId();
  if (!open || typeof document === 'undefined') return null;
  const close = () => {
    if (!busy) onClose();
  };
  const colours = TONES[tone];

  return (
    <Dialog
      onClose={close}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      initialFocus={initialFocus}
      closeOnBackdrop={closeOnBackdrop}
      className={cx('max-h-[92vh] border', WIDTHS[size], colours.panel)}
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
        aria-label={t('ui.close')}
        onClick={close}
        disabled={busy}
        className={cx(
          'absolute top-4 right-4 rounded-lg p-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-sky-400 disabled:opacity-50',
          colours.close,
        )}
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </Dialog>
  );
}
