import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { useFocusTrap } from './focus-trap';

/** Open dialogs; the page behind scrolls again when the last one closes. */
let scrollLocks = 0;
let unlockedOverflow = '';

/** Stops the page behind from scrolling while `active` (nested dialogs share one lock). */
function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (scrollLocks === 0) unlockedOverflow = document.body.style.overflow;
    scrollLocks += 1;
    document.body.style.overflow = 'hidden';
    return () => {
      scrollLocks -= 1;
      if (scrollLocks === 0) document.body.style.overflow = unlockedOverflow;
    };
  }, [active]);
}

const PLACEMENTS = {
  center: {
    frame: 'items-end justify-center p-0 sm:items-center sm:p-4',
    panel: 'w-full rounded-t-2xl sm:rounded-2xl',
  },
  right: { frame: 'justify-end', panel: 'h-full w-full max-w-md sm:rounded-l-2xl' },
} as const;

export interface DialogProps {
  /** Escape, the backdrop (unless `closeOnBackdrop` is false) and the caller's close buttons call this. */
  onClose: () => void;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** 'center' for modals (a bottom sheet under 640 px), 'right' for a drawer. */
  placement?: keyof typeof PLACEMENTS;
  /** What receives focus on open; default: the first focusable element, else the panel. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Whether a press on the backdrop closes the dialog (default true). */
  closeOnBackdrop?: boolean;
  /** The backdrop's colour and blur. */
  backdropClassName?: string;
  /** The panel's look: colours, border, width, height limit, overflow. */
  className?: string;
  children: ReactNode;
}

/**
 * THE dialog of the web app (ADR 020), for the back office (`Modal`, `ConfirmDialog`) and the storefront
 * (cart drawer, purchase modal, sandbox checkout): rendered into document.body, `role="dialog"` +
 * `aria-modal`, labelled by its heading; focus moves in on open, Tab and Shift+Tab stay inside, Escape
 * closes the innermost open dialog only, focus returns to the opener on close, and the page behind does
 * not scroll. Rendered only while open: a caller mounts it when the dialog opens.
 */
export function Dialog({
  onClose,
  labelledBy,
  describedBy,
  placement = 'center',
  initialFocus,
  closeOnBackdrop = true,
  backdropClassName = 'bg-slate-950/70 backdrop-blur-sm',
  className,
  children,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, true, { onEscape: onClose, initialFocus });
  useScrollLock(true);

  return createPortal(
    <div className={cx('fixed inset-0 z-50 flex', PLACEMENTS[placement].frame)}>
      <div
        aria-hidden="true"
        className={cx('absolute inset-0', backdropClassName)}
        onMouseDown={closeOnBackdrop ? onClose : undefined}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cx(
          'relative flex flex-col shadow-2xl outline-none',
          PLACEMENTS[placement].panel,
          className,
        )}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
