import { formatCents } from '../../../lib/format';
import { cn } from '../../../ui/cn';
import { percentText } from '../invoice-texts';

export interface BarRow {
  key: string;
  label: string;
  amountCents: number;
  /** 0-100, of the panel's total */
  percent?: number;
  detail?: string;
}

const barColors = {
  blue: 'bg-blue-600',
  green: 'bg-green-600',
  amber: 'bg-amber-500',
  red: 'bg-red-600',
  slate: 'bg-slate-500',
} as const;
export type BarColor = keyof typeof barColors;

/**
 * Horizontal bars drawn with CSS. Every bar's value is written beside it (the text alternative);
 * the bar itself is decoration for sighted users and hidden from screen readers. Bars are scaled to
 * the largest row (or to 100 when `percentScale`).
 */
export function BarList({
  rows,
  label,
  color = 'blue',
  percentScale = false,
  colorOf,
}: {
  rows: readonly BarRow[];
  label: string;
  color?: BarColor;
  percentScale?: boolean;
  colorOf?: (row: BarRow) => BarColor;
}) {
  const max = percentScale ? 100 : Math.max(1, ...rows.map((r) => r.amountCents));
  return (
    <ul aria-label={label} className="space-y-3">
      {rows.map((row) => {
        const value = percentScale ? (row.percent ?? 0) : row.amountCents;
        const width = Math.max(0, Math.min(100, (value / max) * 100));
        return (
          <li key={row.key} className="text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-slate-800">{row.label}</span>
              <span className="text-slate-700 tabular-nums">
                {formatCents(row.amountCents)}
                {row.percent !== undefined ? (
                  <span className="ml-2 text-slate-600">({percentText(row.percent)})</span>
                ) : null}
                {row.detail ? <span className="ml-2 text-slate-600">{row.detail}</span> : null}
              </span>
            </div>
            <div className="mt-1 h-2.5 w-full rounded-full bg-slate-100" aria-hidden>
              <div
                className={cn(
                  'h-2.5 rounded-full print:border print:border-slate-700',
                  barColors[colorOf?.(row) ?? color],
                )}
                style={{ width: `${width}%` }}
                data-bar
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
