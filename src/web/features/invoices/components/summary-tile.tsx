import type { ReactNode } from 'react';
import { formatCents, formatCount } from '../../../lib/format';
import { cn } from '../../../ui/cn';

const tones = {
  slate: 'border-slate-200 bg-white',
  blue: 'border-blue-200 bg-blue-50',
  green: 'border-green-200 bg-green-50',
  amber: 'border-amber-200 bg-amber-50',
  red: 'border-red-200 bg-red-50',
} as const;

/** A summary card: its title, an amount and how many invoices make it up. */
export function SummaryTile({
  title,
  amountCents,
  count,
  tone = 'slate',
  loading = false,
  children,
  testId,
}: {
  title: string;
  amountCents: number | undefined;
  count: number | undefined;
  tone?: keyof typeof tones;
  loading?: boolean;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-label={title}
      aria-busy={loading}
      className={cn('rounded-lg border p-4 shadow-sm', tones[tone])}
      data-testid={testId}
    >
      <h2 className="text-sm font-medium text-slate-700">{title}</h2>
      <p className="mt-2 text-2xl font-semibold text-slate-900 tabular-nums">
        {amountCents === undefined ? '–' : formatCents(amountCents)}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {count === undefined ? '–' : `${formatCount(count)} ${count === 1 ? 'invoice' : 'invoices'}`}
      </p>
      {children}
    </section>
  );
}
