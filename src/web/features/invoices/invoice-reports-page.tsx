import { errorMessage } from '../../lib/api-client';
import { useCompanyToday } from '../../lib/company';
import { formatCents, formatCount } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ExportLink } from '../../ui/export-link';
import { FormField, SelectInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
// Not the domain/invoices index (it builds the invoice schemas): no zod on a report's first load (decision 057).
import type { InvoiceReport } from '../../../domain/invoices';
import { PAYMENT_METHOD_LABELS } from '../../../domain/invoices/payments';
import { invoiceExportUrl, useInvoiceReport } from './api/invoices-api';
import { BarList, type BarColor } from './components/bar-list';
import { MonthColumns } from './components/month-columns';
import { reportFilters } from './report-filters';
import { SummaryTile } from './components/summary-tile';
import { INVOICE_EMPTY, INVOICE_MESSAGES, MONTH_NAMES, PERIOD_LABELS, QUARTER_LABELS } from './invoice-texts';

const STATUS_LABELS = { paid: 'Paid', outstanding: 'Outstanding', void: 'Void' } as const;
const STATUS_COLORS: Record<keyof typeof STATUS_LABELS, BarColor> = { paid: 'green', outstanding: 'blue', void: 'red' };

function Panel({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody>{empty ? <p className="text-sm text-slate-600">{INVOICE_EMPTY.report}</p> : children}</CardBody>
    </Card>
  );
}

/** Issue 27: the money received in the period by payment date (voided payments left out), per method. */
function PaymentsReceivedTable({ received }: { received: InvoiceReport['paymentsReceived'] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Payments received in the period by payment method</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left text-xs tracking-wide text-slate-600 uppercase">
          <th scope="col" className="py-2 pr-3 font-semibold">
            Method
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-semibold">
            Payments
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {received.byMethod.map((r) => (
          <tr key={r.method} className="border-b border-slate-100">
            <td className="py-1.5 pr-3 text-slate-900">{PAYMENT_METHOD_LABELS[r.method]}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(r.count)}</td>
            <td className="py-1.5 text-right tabular-nums">{formatCents(r.amountCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="pt-2 pr-3 text-left font-semibold text-slate-900">
            Total received
          </th>
          <td className="pt-2 pr-3 text-right tabular-nums">{formatCount(received.count)}</td>
          <td className="pt-2 text-right font-bold tabular-nums" data-testid="payments-received-total">
            {formatCents(received.amountCents)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** Issue 27: the tax of the period's issued and paid invoices, per month and tax group, summed in SQL. */
function SalesTaxTable({ salesTax }: { salesTax: InvoiceReport['salesTax'] }) {
  const monthLabel = (m: string) => `${MONTH_NAMES[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Sales tax collected per month and tax group</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left text-xs tracking-wide text-slate-600 uppercase">
          <th scope="col" className="py-2 pr-3 font-semibold">
            Month
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            Tax Group
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-semibold">
            Invoices
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Tax
          </th>
        </tr>
      </thead>
      <tbody>
        {salesTax.rows.map((r) => (
          <tr key={`${r.month}-${r.code}`} className="border-b border-slate-100">
            <td className="py-1.5 pr-3 text-slate-900">{monthLabel(r.month)}</td>
            <td className="py-1.5 pr-3 text-slate-700">
              {r.name} ({r.code})
            </td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(r.count)}</td>
            <td className="py-1.5 text-right tabular-nums">{formatCents(r.taxCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {salesTax.byGroup.map((g) => (
          <tr key={g.code}>
            <th scope="row" colSpan={3} className="pt-2 pr-3 text-right font-normal text-slate-700">
              Period total, {g.name} ({g.code})
            </th>
            <td className="pt-2 text-right tabular-nums">{formatCents(g.taxCents)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" colSpan={3} className="pt-2 pr-3 text-right font-semibold text-slate-900">
            Total sales tax
          </th>
          <td className="pt-2 text-right font-bold tabular-nums" data-testid="sales-tax-total">
            {formatCents(salesTax.totalCents)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function Panels({ report }: { report: InvoiceReport }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title="Monthly Breakdown" empty={report.monthly.length === 0}>
        <MonthColumns months={report.monthly} label="Invoiced by month" />
      </Panel>
      <Panel title="Service Line Breakdown" empty={report.serviceLines.length === 0}>
        <BarList
          label="Invoiced by service line"
          rows={report.serviceLines.map((s) => ({
            key: s.key,
            label: s.label,
            amountCents: s.amountCents,
            percent: s.percent,
          }))}
        />
      </Panel>
      <Panel title="Top Customers" empty={report.topCustomers.length === 0}>
        <BarList
          label="Top customers by amount"
          color="slate"
          rows={report.topCustomers.map((c) => ({
            key: c.key,
            label: c.label,
            amountCents: c.amountCents,
            percent: c.percent,
          }))}
        />
      </Panel>
      <Panel title="Sales Tax Collected" empty={report.salesTax.rows.length === 0}>
        <SalesTaxTable salesTax={report.salesTax} />
      </Panel>
      <Panel title="Payments Received" empty={report.paymentsReceived.count === 0}>
        <PaymentsReceivedTable received={report.paymentsReceived} />
      </Panel>
      <Panel title="Invoice Status" empty={report.status.every((s) => s.count === 0)}>
        <BarList
          label="Invoice status as percent of total"
          percentScale
          colorOf={(row) => STATUS_COLORS[row.key as keyof typeof STATUS_COLORS]}
          rows={report.status.map((s) => ({
            key: s.status,
            label: STATUS_LABELS[s.status],
            amountCents: s.amountCents,
            percent: s.percent,
            detail: `${formatCount(s.count)} invoices`,
          }))}
        />
      </Panel>
    </div>
  );
}

/** /invoices/reports: the period's totals by status, month, service line and customer. */
export default function InvoiceReportsPage() {
  const { values, update } = useUrlFilters(reportFilters);
  const today = useCompanyToday();
  const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
  const period = values.period ?? 'annual';
  const year = values.year ?? thisYear;
  const month = values.month ?? thisMonth;
  const quarter = values.quarter ?? Math.ceil(thisMonth / 3);
  const query = {
    period,
    year,
    ...(period === 'quarterly' ? { quarter } : {}),
    ...(period === 'monthly' ? { month } : {}),
  };
  const report = useInvoiceReport(query);
  const years = report.data?.years ?? Array.from({ length: thisYear - 2023 + 1 }, (_, i) => thisYear - i);
  const cards = report.data?.cards;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        screen="/invoices/reports"
        actions={<ExportLink href={invoiceExportUrl('/api/invoices/reports/export', query)} label="Export Report" />}
      />

      <Card className="mb-6 p-4">
        <div className="grid items-end gap-3 sm:grid-cols-3">
          <FormField label="Period">
            {(field) => (
              <SelectInput
                {...field}
                value={period}
                onChange={(e) => update({ period: e.target.value === 'annual' ? undefined : e.target.value })}
              >
                {Object.entries(PERIOD_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Year">
            {(field) => (
              <SelectInput {...field} value={year} onChange={(e) => update({ year: e.target.value })}>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          {period === 'quarterly' ? (
            <FormField label="Quarter">
              {(field) => (
                <SelectInput {...field} value={quarter} onChange={(e) => update({ quarter: e.target.value })}>
                  {Object.entries(QUARTER_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
          ) : null}
          {period === 'monthly' ? (
            <FormField label="Month">
              {(field) => (
                <SelectInput {...field} value={month} onChange={(e) => update({ month: e.target.value })}>
                  {MONTH_NAMES.map((name, index) => (
                    <option key={name} value={index + 1}>
                      {name}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
          ) : null}
        </div>
      </Card>

      {report.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(report.error, INVOICE_MESSAGES.fetchReportFailed)} />
      ) : null}

      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryTile
          title="Total Invoiced"
          amountCents={cards?.totalInvoiced.amountCents}
          count={cards?.totalInvoiced.count}
          loading={report.isFetching}
          testId="card-invoiced"
        />
        <SummaryTile
          title="Paid"
          tone="green"
          amountCents={cards?.paid.amountCents}
          count={cards?.paid.count}
          loading={report.isFetching}
          testId="card-paid"
        />
        <SummaryTile
          title="Outstanding"
          tone="blue"
          amountCents={cards?.outstanding.amountCents}
          count={cards?.outstanding.count}
          loading={report.isFetching}
          testId="card-outstanding"
        />
        <SummaryTile
          title="Void"
          tone="red"
          amountCents={cards?.void.amountCents}
          count={cards?.void.count}
          loading={report.isFetching}
          testId="card-void"
        />
      </div>

      {report.data ? <Panels report={report.data} /> : report.isPending ? <Spinner label="Loading report..." /> : null}
    </div>
  );
}
