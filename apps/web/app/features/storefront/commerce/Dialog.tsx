import { useEffect, useEffectEvent, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../../components/ui/cx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[aria-hidden="true"], [hidden]'),
  );
}

/** Open dialogs, innermost last: only the top one handles Tab and Esc. */
const openDialogs: object[] = [];

interface DialogProps {
  /** Esc, the overlay and the close button call this. */
  onClose: () => void;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** 'center' for modals, 'right' for the cart drawer. */
  placement?: 'center' | 'right';
  /** What gets focus on open (default: the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Whether a click on the backdrop closes the dialog (default true). */
  closeOnBackdrop?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog: rendered over the page, focus moved inside and trapped there, Esc closes, and focus
 * returns to the element that opened it.
 */
export function Dialog({
  onClose,
  labelledBy,
  describedBy,
  placement = 'center',
  initialFocus,
  closeOnBackdrop = true,
  className,
  children,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const token = {};
    openDialogs.push(token);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? focusables(panel)[0] ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(token), 1);
      if (openDialogs.length === 0) document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  return createPortal(
    <div
      className={cx(
        'fixed inset-0 z-50 flex bg-slate-950/60 backdrop-blur-[2px]',
        placement === 'center' ? 'items-end justify-center p-0 sm:items-center sm:p-4' : 'justify-end',
      )}
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cx(
          'relative flex max-h-full flex-col overflow-y-auto bg-white text-slate-900 shadow-2xl outline-none',
          placement === 'center'
            ? 'w-full rounded-t-2xl sm:max-w-md sm:rounded-2xl'
            : 'h-full w-full max-w-md sm:rounded-l-2xl',
          className,
        )}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
