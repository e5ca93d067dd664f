import { cx } from './ui/cx';

/** The brand's name as every screen writes it (the purifier is the product ISAAC; the company is Isaac). */
export const BRAND_NAME = 'Isaac';
/** The line under the name where there is room for it (sign-in and the signed-out cards). */
export const BRAND_TAGLINE = 'Clean air, smart home';

/** The Isaac mark: a drop of air in a rounded square (the same artwork as favicon.svg). */
export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      className={className}
      aria-hidden="true"
      focusable="false"
      data-brand-mark=""
    >
      <rect width="32" height="32" rx="8" fill="#0284c7" />
      <path
        d="M9 22c4-1 6-4 7-12 1 8 3 11 7 12"
        stroke="#fff"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The one brand mark and name of every screen (issue 30): the storefront's header and footer, sign-in,
 * the signed-out cards and the dashboards' sidebar all show this, so the brand reads the same everywhere.
 * `tagline` adds the line under the name; `size` scales mark and name together.
 */
export function Brand({
  size = 'md',
  tagline = false,
  className,
}: {
  size?: 'md' | 'lg';
  tagline?: boolean;
  className?: string;
}) {
  return (
    <span className={cx('inline-flex items-center', size === 'lg' ? 'gap-3' : 'gap-2', className)}>
      <BrandMark className={size === 'lg' ? 'h-10 w-10' : 'h-8 w-8'} />
      <span className="flex flex-col">
        <span
          className={cx('font-semibold tracking-tight text-white', size === 'lg' ? 'text-xl' : 'text-lg')}
          data-brand-name=""
        >
          {BRAND_NAME}
        </span>
        {tagline ? <span className="text-xs text-slate-400">{BRAND_TAGLINE}</span> : null}
      </span>
    </span>
  );
}
