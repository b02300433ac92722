import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/** "Showing 26–50 of 1,234" with previous/next; pages are 1-based. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm text-slate-600">
      <p>
        Showing <span className="font-medium">{from.toLocaleString('en-US')}</span>–<span className="font-medium">{to.toLocaleString('en-US')}</span> of{' '}
        <span className="font-medium">{total.toLocaleString('en-US')}</span>
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
        </Button>
        <span>
          Page {page} of {pages.toLocaleString('en-US')}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
          Next <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
