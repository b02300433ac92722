import { z } from 'zod';
import { DEFERRED_REVENUE_TEXTS } from '../../../domain/agreements';
import { errorMessage } from '../../lib/api-client';
import { useCompanyToday } from '../../lib/company';
import { formatCents, formatDate } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { FormField, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { useDeferredRevenue } from './api/agreement-billing-api';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const filters = z.object({
  from: z.string().regex(MONTH).optional().catch(undefined),
  to: z.string().regex(MONTH).optional().catch(undefined),
});

const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (first: string) => MONTH_FORMAT.format(new Date(`${first}T00:00:00Z`));

/**
 * Deferred revenue (issue 29 item 3, decision 052): per month of the chosen range, what agreements
 * billed in advance, what completed visits earned, and what stays deferred at the month's end.
 */
export default function DeferredRevenuePage() {
  const { values, update } = useUrlFilters(filters);
  const today = useCompanyToday();
  const report = useDeferredRevenue({ from: values.from, to: values.to });
  const data = report.data;
  const t = DEFERRED_REVENUE_TEXTS;
  const nothing = data
    ? data.months.every((m) => m.billedCents === 0 && m.earnedCents === 0 && m.deferredCents === 0)
    : false;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t.title} subtitle={t.description} back={{ to: '/agreements', label: 'Back to Agreements' }} />

      <Card className="mb-6 p-4">
        <div className="grid items-end gap-3 sm:grid-cols-3">
          <FormField label="From Month">
            {(field) => (
              <TextInput
                {...field}
                type="month"
                value={values.from ?? data?.from ?? ''}
                max={values.to ?? today.slice(0, 7)}
                onChange={(e) => update({ from: e.target.value || undefined })}
              />
            )}
          </FormField>
          <FormField label="To Month">
            {(field) => (
              <TextInput
                {...field}
                type="month"
                value={values.to ?? data?.to ?? ''}
                onChange={(e) => update({ to: e.target.value || undefined })}
              />
            )}
          </FormField>
          <div className="rounded-md border border-amber-200 bg-amber-50 p-3" aria-live="polite">
            <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase">Deferred Today</p>
            <p className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid="deferred-today">
              {data ? formatCents(data.deferredTodayCents) : '–'}
            </p>
            {data ? <p className="text-xs text-slate-700">as of {formatDate(data.asOf)}</p> : null}
          </div>
        </div>
      </Card>

      {report.isError ? (
        <ErrorBanner
          className="mb-4"
          message={errorMessage(report.error, 'Failed to load the deferred revenue report')}
        />
      ) : null}

      <Card>
        <CardHeader title="By Month" />
        <CardBody>
          {!data ? (
            report.isPending ? (
              <Spinner label="Loading the report..." />
            ) : null
          ) : nothing ? (
            <p className="text-sm text-slate-600">{t.empty}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-busy={report.isFetching}>
                <caption className="sr-only">{t.title} by month</caption>
                <thead>
                  <tr className="border-b border-slate-300 text-left text-xs tracking-wide text-slate-600 uppercase">
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Month
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-semibold">
                      {t.billed}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-semibold">
                      {t.earned}
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      {t.deferred}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((m) => (
                    <tr key={m.month} className="border-b border-slate-100" data-testid="deferred-month">
                      <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-900">
                        {monthLabel(m.month)}
                      </th>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{formatCents(m.billedCents)}</td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{formatCents(m.earnedCents)}</td>
                      <td className="py-1.5 text-right font-medium tabular-nums">{formatCents(m.deferredCents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" className="pt-2 pr-3 text-left font-semibold text-slate-900">
                      Total
                    </th>
                    <td className="pt-2 pr-3 text-right font-bold tabular-nums">
                      {formatCents(data.totals.billedCents)}
                    </td>
                    <td className="pt-2 pr-3 text-right font-bold tabular-nums">
                      {formatCents(data.totals.earnedCents)}
                    </td>
                    <td className="pt-2 text-right text-slate-600">–</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
