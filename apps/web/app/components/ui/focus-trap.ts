import { type RefObject, useEffect, useEffectEvent } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements inside `container` that Tab can reach, in document order. */
export function focusableElements(container: HTMLElement): HTMLElement[] {
  // A roving-tabindex item (tabIndex -1, e.g. an inactive tab) is focusable but not a Tab stop.
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert], [aria-hidden="true"], [hidden]'),
  );
}

/** Open traps, innermost last: only the innermost one reacts to Tab and Escape. */
const trapStack: symbol[] = [];

interface FocusTrapOptions {
  /** Called on Escape (only for the innermost open trap). */
  onEscape?: () => void;
  /** What receives focus on open; default: the first focusable element, else the container. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Give focus back to what had it before opening (default true). */
  restoreFocus?: boolean;
}

/**
 * Keeps keyboard focus inside `containerRef` while `active`: moves focus in on open, cycles Tab and
 * Shift+Tab, calls `onEscape` on Escape, and gives focus back to the opener on close.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  { onEscape, initialFocus, restoreFocus = true }: FocusTrapOptions = {},
) {
  const escape = useEffectEvent(() => onEscape?.());
  const focusInitial = useEffectEvent((container: HTMLElement) => {
    const target = initialFocus?.current ?? focusableElements(container)[0] ?? container;
    target.focus();
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const id = Symbol('focus-trap');
    trapStack.push(id);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusInitial(container);

    const onKeyDown = (event: KeyboardEvent) => {
      if (trapStack[trapStack.length - 1] !== id) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        escape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableElements(container);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        container.focus();
        return;
      }
      const current = document.activeElement;
      const outside = !(current instanceof Node) || !container.contains(current);
      if (event.shiftKey && (current === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = trapStack.indexOf(id);
      if (index >= 0) trapStack.splice(index, 1);
      if (restoreFocus && previous && previous.isConnected) previous.focus();
    };
  }, [active, containerRef, restoreFocus]);
}
