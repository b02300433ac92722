import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatCount, formatTotal } from '../lib/format';
import { Button } from './button';

/**
 * "Showing 26–50 of 1,234" with previous/next; pages are 1-based. A list answers `totalCapped` when
 * it stopped counting at its cap (10,000): the pager then says "of 10,000+ results" and "Page 2 of
 * 400+", and Next stays on, since the server counts a page past the cap far enough to know a row
 * follows it. There is no jump to the last page (the pager never had one), so nothing promises a
 * page it cannot count.
 */
export function Pager({
  page,
  pageSize,
  total,
  totalCapped = false,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalCapped?: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const hasNext = totalCapped || page < pages;
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm text-slate-600"
    >
      <p>
        Showing <span className="font-medium">{formatCount(from)}</span>–
        <span className="font-medium">{formatCount(to)}</span> of{' '}
        <span className="font-medium" data-testid="pager-total">
          {formatTotal(total, totalCapped)}
        </span>
        {totalCapped ? ' results' : null}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label="Previous page"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
        </Button>
        <span>
          Page {formatCount(page)} of {formatTotal(pages, totalCapped)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={!hasNext}
          onClick={() => onPage(page + 1)}
          aria-label="Next page"
        >
          Next <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
