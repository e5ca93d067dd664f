import type { ReactNode } from 'react';

export type ArtProps = { className?: string };

/**
 * Lightweight inline illustrations (no bitmaps): one per catalog item, drawn on a 240×180 canvas with
 * explicit width and height so nothing shifts while the page loads. Decorative: the item's name is
 * always next to it.
 */
export const STROKE = '#0369a1';
export const LINE = {
  stroke: STROKE,
  strokeWidth: 3,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  fill: 'none',
} as const;

export function Canvas({
  children,
  tint,
  className,
}: {
  children: ReactNode;
  tint: string;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 240 180"
      width="240"
      height="180"
      className={className ?? 'h-auto w-full'}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="240" height="180" fill={tint} />
      <ellipse cx="120" cy="160" rx="60" ry="6" fill="#0f172a" opacity="0.08" />
      {children}
    </svg>
  );
}

export const Air = () => (
  <g stroke="#7dd3fc" strokeWidth="3" strokeLinecap="round" fill="none">
    <path d="M40 62c10-9 20-9 30 0s20 9 30 0" />
    <path d="M30 92c10-9 20-9 30 0s14 8 22 2" />
    <path d="M158 62c10-9 20-9 30 0s14 8 22 2" />
    <path d="M166 96c10-9 20-9 30 0" />
  </g>
);
