import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './Button';
import { cx } from './cx';
import { useCommonT } from '~/lib/i18n';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Devices pages'. */
  label?: string;
  /** E.g. 'Showing 13–24 of 40 devices'. */
  summary?: string;
  className?: string;
}

/** Previous / Next with 'Page x of y'; renders nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange, label, summary, className }: PaginationProps) {
  const { t } = useCommonT();
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={label ?? t('ui.pagination')}
      className={cx('flex flex-wrap items-center justify-between gap-3 text-sm text-slate-400', className)}
    >
      <p aria-live="polite">{summary ?? t('ui.pageOf', { page, count: pageCount })}</p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
          icon={<ChevronLeft aria-hidden="true" className="h-4 w-4" />}
        >
          {t('ui.previous')}
        </Button>
        {summary ? (
          <span className="px-1 tabular-nums">
            {page} / {pageCount}
          </span>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          {t('ui.next')}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
