import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatCount } from '../../../lib/format';

/** One Home count; with `to` the whole card is a link to the list it counts, already filtered. */
export function StatCard({
  label,
  count,
  value,
  valueLabel,
  loading,
  to,
}: {
  label: string;
  count: number | undefined;
  value?: number | undefined;
  valueLabel?: string;
  loading: boolean;
  to?: string;
}) {
  const body = (
    <>
      <p className="flex items-center justify-between gap-2 text-sm font-medium text-slate-600">
        {label}
        {to ? (
          <ChevronRight
            className="h-4 w-4 text-slate-500 transition-transform group-hover:translate-x-0.5"
            aria-hidden
          />
        ) : null}
      </p>
      <p className="mt-2 text-3xl font-semibold text-slate-900 tabular-nums" data-testid={`count-${label}`}>
        {count === undefined ? '–' : formatCount(count)}
      </p>
      {valueLabel !== undefined ? (
        <p className="mt-1 text-sm text-slate-600">
          {valueLabel}:{' '}
          <span className="font-medium text-slate-700 tabular-nums">
            {value === undefined ? '–' : formatCents(value)}
          </span>
        </p>
      ) : null}
    </>
  );
  const box = 'block rounded-lg border border-slate-200 bg-white p-4 shadow-sm';
  if (!to) {
    return (
      <div className={box} aria-busy={loading}>
        {body}
      </div>
    );
  }
  return (
    <Link
      to={to}
      aria-busy={loading}
      className={`group ${box} transition-colors hover:border-blue-300 hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600`}
    >
      {body}
    </Link>
  );
}
