import { useQuery } from '@tanstack/react-query';
import type { DeferredRevenueSummary } from '../../../../domain/agreements/billing-payloads';
// texts.ts, not billing-payloads.ts: Home's first paint builds no zod schema (decision 057).
import { DEFERRED_REVENUE_TEXTS } from '../../../../domain/agreements/texts';
import { api } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { formatCents } from '../../../lib/format';
import { homeKeys } from '../../../lib/query-keys';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

/**
 * Home's "Deferred Revenue" (issue 29 item 6, decision 052): agreement invoices billed in advance
 * and not yet earned by completed visits, today; the card opens the report. Shown to the roles
 * that read the invoice reports (money).
 */
export function DeferredRevenueCard() {
  const allowed = useCan('invoices.lists');
  const summary = useQuery({
    queryKey: [...homeKeys.all, 'deferred-revenue'],
    queryFn: () => api.get<DeferredRevenueSummary>('/api/agreements/deferred-revenue/summary'),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Link
      to="/agreements/deferred-revenue"
      aria-busy={summary.isFetching}
      className="group block rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-blue-300 hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <p className="flex items-center justify-between gap-2 text-sm font-medium text-slate-600">
        {DEFERRED_REVENUE_TEXTS.homeCard}
        <ChevronRight className="h-4 w-4 text-slate-500 transition-transform group-hover:translate-x-0.5" aria-hidden />
      </p>
      <p className="mt-2 text-3xl font-semibold text-slate-900 tabular-nums" data-testid="deferred-revenue-today">
        {summary.data ? formatCents(summary.data.deferredCents) : '–'}
      </p>
      <p className="mt-1 text-sm text-slate-600">{DEFERRED_REVENUE_TEXTS.homeHint}</p>
    </Link>
  );
}
