import { formatCents, formatCount } from '../../../lib/format';

export function StatCard({ label, count, value, valueLabel, loading }: { label: string; count: number | undefined; value?: number | undefined; valueLabel?: string; loading: boolean }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-busy={loading}>
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-2 text-3xl font-semibold tabular-nums text-slate-900" data-testid={`count-${label}`}>
        {count === undefined ? '–' : formatCount(count)}
      </p>
      {valueLabel !== undefined ? (
        <p className="mt-1 text-sm text-slate-500">
          {valueLabel}: <span className="font-medium tabular-nums text-slate-700">{value === undefined ? '–' : formatCents(value)}</span>
        </p>
      ) : null}
    </div>
  );
}
