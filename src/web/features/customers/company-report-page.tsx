import { Download, Printer, QrCode } from 'lucide-react';
import { Link, useParams } from 'react-router';
import {
  COMPANY_REPORT_TEXTS,
  tonnageText,
  unitAgeText,
  unitTypeText,
  type CompanyReport,
  type CountAndValue,
} from '../../../domain/company-report';
import { CUSTOMER_MESSAGES } from '../../../domain/customers';
import { MAX_LABELS_PER_SHEET } from '../../../domain/unit-labels';
import { useCan } from '../../lib/can';
import { formatCents, formatDate } from '../../lib/format';
import { Button, buttonClass } from '../../ui/button';
import { DetailScreen, validId } from '../../ui/detail-screen';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { useCompanyReport } from './api/customers-api';
import { companyLabelsPdfPath } from './customer-paths';
import { UnitStatusBadge } from './components/status-badge';
import './company-report.css';

const countValue = (c: CountAndValue) => (c.count === 0 ? '-' : `${c.count} / ${formatCents(c.valueCents)}`);

function Totals({ report }: { report: CompanyReport }) {
  const t = report.totals;
  const items: [string, string][] = [
    ['Units', `${t.units} (${t.activeUnits} active)`],
    ['Open repair options', countValue(t.openRepairs)],
    ['Open quotes', countValue(t.openQuotes)],
    ['Jobs (12 mo.)', String(t.jobsLast12Months)],
    ['Invoiced (12 mo.)', formatCents(t.invoicedLast12MonthsCents)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReportSheet({ report, canPrintLabels }: { report: CompanyReport; canPrintLabels: boolean }) {
  const c = report.company;
  return (
    <div id="asset-report" className="space-y-6">
      <div className="hidden print:block">
        <h1 className="text-xl font-semibold">
          {COMPANY_REPORT_TEXTS.title}: {c.name}
        </h1>
      </div>
      <p className="text-sm text-slate-600">
        {[c.address, c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
        {' · '}Made {formatDate(report.generatedOn)}; the last 12 months are {formatDate(report.periodStart)} to{' '}
        {formatDate(report.generatedOn)}.
      </p>
      <Totals report={report} />
      {report.locations.length === 0 ? (
        <EmptyState>
          {COMPANY_REPORT_TEXTS.empty} {COMPANY_REPORT_TEXTS.emptyHint}
        </EmptyState>
      ) : (
        report.locations.map((location) => (
          <section key={location.id} aria-labelledby={`loc-${location.id}`} className="space-y-2">
            <h2 id={`loc-${location.id}`} className="text-lg font-semibold text-slate-900">
              <Link to={`/locations/${location.id}`} className="hover:underline">
                {location.name}
              </Link>{' '}
              <span className="text-sm font-normal text-slate-600">
                {[location.address, location.city, location.state].filter(Boolean).join(', ')} · {location.units.length}{' '}
                {location.units.length === 1 ? 'unit' : 'units'}
              </span>
            </h2>
            {canPrintLabels && location.units.length <= MAX_LABELS_PER_SHEET ? (
              <a
                href={companyLabelsPdfPath(c.id, location.id)}
                download
                className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline print:hidden"
              >
                <QrCode className="h-4 w-4" aria-hidden /> QR labels for {location.name}
              </a>
            ) : null}
            <div
              className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
              tabIndex={0}
              role="region"
              aria-label={`Units at ${location.name}`}
            >
              <table className="min-w-full text-sm">
                <caption className="sr-only">Units at {location.name}</caption>
                <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Unit
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Status
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Type
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Tonnage
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Age
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Last Service
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Open Repairs
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Open Quotes
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Jobs (12 mo.)
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Invoiced (12 mo.)
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {location.units.map((u) => (
                    <tr key={u.id}>
                      <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                        <Link to={`/units/${u.id}`} className="text-blue-700 hover:underline">
                          {u.unitNumber}
                        </Link>
                      </th>
                      <td className="px-3 py-2">
                        <UnitStatusBadge status={u.status} />
                      </td>
                      <td className="px-3 py-2">{unitTypeText(u)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{tonnageText(u.tonnage)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{unitAgeText(u.age)}</td>
                      <td className="px-3 py-2">{u.lastServiceDate ? formatDate(u.lastServiceDate) : '-'}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {countValue(u.openRepairs)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {countValue(u.openQuotes)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{u.jobsLast12Months}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatCents(u.invoicedLast12MonthsCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))
      )}
    </div>
  );
}

/** /companies/{id}/report: the company's asset report, printable, with PDF and .xlsx downloads. */
export default function CompanyReportPage() {
  const { id } = useParams();
  const query = useCompanyReport(validId(id));
  const canPrintLabels = useCan('unitLabels.print');
  return (
    <DetailScreen
      id={id}
      query={query}
      invalidMessage={CUSTOMER_MESSAGES.invalidCompanyId}
      notFoundMessage={CUSTOMER_MESSAGES.companyNotFound}
      errorMessage={COMPANY_REPORT_TEXTS.loadFailed}
      loadingLabel={COMPANY_REPORT_TEXTS.loading}
      back={{ to: '/companies', label: 'Back to companies' }}
    >
      {(report) => (
        <div className="space-y-6">
          <div className="print:hidden">
            <PageHeader
              title={`${COMPANY_REPORT_TEXTS.title}: ${report.company.name}`}
              back={{ to: `/companies/${report.company.id}`, label: `Back to ${report.company.name}` }}
              actions={
                <>
                  <Button variant="secondary" onClick={() => window.print()}>
                    <Printer className="h-4 w-4" aria-hidden /> Print
                  </Button>
                  <a
                    href={`/api/companies/${report.company.id}/report/pdf`}
                    download
                    className={buttonClass('secondary')}
                  >
                    <Download className="h-4 w-4" aria-hidden /> Download PDF
                  </a>
                  <a
                    href={`/api/companies/${report.company.id}/report/export`}
                    download
                    className={buttonClass('secondary')}
                  >
                    <Download className="h-4 w-4" aria-hidden /> Export to Spreadsheet
                  </a>
                  {canPrintLabels && report.totals.units > 0 && report.totals.units <= MAX_LABELS_PER_SHEET ? (
                    <a href={companyLabelsPdfPath(report.company.id)} download className={buttonClass('secondary')}>
                      <QrCode className="h-4 w-4" aria-hidden /> QR labels
                    </a>
                  ) : null}
                </>
              }
            />
          </div>
          <ReportSheet report={report} canPrintLabels={canPrintLabels} />
        </div>
      )}
    </DetailScreen>
  );
}
