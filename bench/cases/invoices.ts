/**
 * Invoices on the large data set (500,000 invoices): the three lists' first pages with each
 * filter, and the financial report for a year and a month, which must also be at least 20 times
 * faster than the spec's original approach (select the period's invoices with their jobs and sum
 * them in JavaScript), measured in the same run on the same database.
 */
import { and, eq, gte, lt, ne } from 'drizzle-orm';
import {
  invoiceListFilters,
  paidInvoiceFilters,
  reportRange,
  type ReportPeriod,
} from '../../src/domain/invoices/index.js';
import { toCents } from '../../src/domain/money.js';
import { companies, jobInvoices, jobs, locations } from '../../src/server/db/schema.js';
import * as repo from '../../src/server/modules/invoices/invoices.repo.js';
import { LIST_TOTAL_CAP } from '../../src/domain/search.js';
import type { BenchCase, BenchContext } from '../types.js';

const LIST = { postgres: 50, pglite: 150 };
const REPORT = { postgres: 200, pglite: 600 };
const page = { limit: 25, offset: 0 };

/** The large data set's invoices run from 2023 to about 2027; 2024 is a full year of them. */
const YEAR = 2024;
const MONTH = 5;

/**
 * The original product's report: every invoice issued in the period with its job (service line)
 * and customer, then cards, months, service lines and customers summed in JavaScript.
 */
async function naiveReport(ctx: BenchContext, period: ReportPeriod) {
  const range = reportRange({ period, year: YEAR, month: MONTH, quarter: 2 });
  const rows = await ctx.db
    .select({
      id: jobInvoices.id,
      invoiceNumber: jobInvoices.invoiceNumber,
      amount: jobInvoices.amount,
      status: jobInvoices.status,
      issuedDate: jobInvoices.issuedDate,
      dueDate: jobInvoices.dueDate,
      paidDate: jobInvoices.paidDate,
      jobId: jobs.id,
      jobNumber: jobs.number,
      jobName: jobs.name,
      serviceLine: jobs.serviceLine,
      locationName: locations.name,
      companyName: companies.name,
    })
    .from(jobInvoices)
    .innerJoin(jobs, eq(jobs.id, jobInvoices.jobId))
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .leftJoin(companies, eq(companies.id, locations.companyId))
    .where(
      and(
        gte(jobInvoices.issuedDate, range.from),
        lt(jobInvoices.issuedDate, range.to),
        ne(jobInvoices.status, 'draft'),
      ),
    )
    .orderBy(jobInvoices.issuedDate);
  const byStatus = new Map<string, number>();
  const byMonth = new Map<string, number>();
  const byLine = new Map<string, number>();
  const byCustomer = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, cents: number) => map.set(key, (map.get(key) ?? 0) + cents);
  for (const row of rows) {
    const cents = toCents(row.amount);
    add(byStatus, row.status, cents);
    add(byMonth, row.issuedDate!.slice(0, 7), cents);
    add(byLine, row.serviceLine || 'Unknown', cents);
    add(byCustomer, row.companyName || 'Unknown', cents);
  }
  return { byStatus, byMonth, byLine, top: [...byCustomer].sort((a, b) => b[1] - a[1]).slice(0, 5) };
}

const list = (name: string, query: string, filters: Parameters<typeof repo.listConditions>[0]): BenchCase => ({
  name: `invoices list, ${name}`,
  area: 'invoices',
  request: () => ({ method: 'GET', url: `/api/invoices${query}` }),
  targetsMs: LIST,
  explain: (ctx) => [
    repo.listPage(ctx.db, repo.listConditions(filters), 'created', page).getSQL(),
    repo.listSummaryQuery(ctx.db, filters, LIST_TOTAL_CAP).getSQL(),
  ],
});

const reportExplain = (_ctx: BenchContext, range: { from: string; to: string }, period: 'y' | 'm') => [
  repo.reportTotalsStatement(range, period, 5),
  // "Sales tax collected" (issue 27): the day totals of invoice_tax_day_totals
  repo.salesTaxStatement(range),
  // "Payments received" (issue 27): the day totals of payment_day_totals
  repo.paymentsReceivedStatement(range),
];

export const invoiceCases: BenchCase[] = [
  list('first page, all statuses, with the three cards', '', invoiceListFilters.parse({})),
  list('status draft (Total Unsent Invoices)', '?status=draft', invoiceListFilters.parse({ status: 'draft' })),
  list('status paid', '?status=paid', invoiceListFilters.parse({ status: 'paid' })),
  list('status void', '?status=void', invoiceListFilters.parse({ status: 'void' })),
  list(
    'issued in one month',
    '?from=2024-05-01&to=2024-05-31',
    invoiceListFilters.parse({ from: '2024-05-01', to: '2024-05-31' }),
  ),
  list('search "summit" (job, location, company, number)', '?q=summit', invoiceListFilters.parse({ q: 'summit' })),
  list('search two letters "pe"', '?q=pe', invoiceListFilters.parse({ q: 'pe' })),
  list('search an invoice number', '?q=JOB-4242', invoiceListFilters.parse({ q: 'JOB-4242' })),
  {
    name: 'pending invoices, first page with Total Outstanding, Overdue and Due Soon',
    area: 'invoices',
    request: () => ({ method: 'GET', url: '/api/invoices/pending' }),
    targetsMs: LIST,
  },
  {
    name: 'pending invoices, Overdue tile',
    area: 'invoices',
    request: () => ({ method: 'GET', url: '/api/invoices/pending?due=overdue' }),
    targetsMs: LIST,
  },
  {
    name: 'pending invoices, search "magnolia"',
    area: 'invoices',
    request: () => ({ method: 'GET', url: '/api/invoices/pending?q=magnolia' }),
    targetsMs: LIST,
  },
  {
    name: 'paid invoices, first page with Total Paid and the Monthly Breakdown',
    area: 'invoices',
    request: () => ({ method: 'GET', url: '/api/invoices/paid' }),
    targetsMs: LIST,
    explain: (ctx) => [repo.listPage(ctx.db, repo.paidConditions(paidInvoiceFilters.parse({})), 'paid', page).getSQL()],
  },
  {
    name: 'paid invoices, paid in one quarter',
    area: 'invoices',
    request: () => ({ method: 'GET', url: '/api/invoices/paid?from=2024-04-01&to=2024-06-30' }),
    targetsMs: LIST,
  },
  {
    name: 'paid invoices, search "riverside"',
    area: 'invoices',
    request: () => ({ method: 'GET', url: '/api/invoices/paid?q=riverside' }),
    targetsMs: LIST,
  },
  {
    name: `financial report, year ${YEAR}`,
    area: 'invoices',
    request: () => ({ method: 'GET', url: `/api/invoices/reports?period=annual&year=${YEAR}` }),
    targetsMs: REPORT,
    explain: (ctx) => reportExplain(ctx, reportRange({ period: 'annual', year: YEAR }), 'y'),
    compareWith: {
      name: "the period's invoices with their jobs summed in JavaScript",
      run: (ctx) => naiveReport(ctx, 'annual'),
      minSpeedup: 20,
      iterations: 5,
    },
  },
  {
    name: `financial report, month ${YEAR}-0${MONTH}`,
    area: 'invoices',
    request: () => ({ method: 'GET', url: `/api/invoices/reports?period=monthly&year=${YEAR}&month=${MONTH}` }),
    targetsMs: REPORT,
    explain: (ctx) => reportExplain(ctx, reportRange({ period: 'monthly', year: YEAR, month: MONTH }), 'm'),
    compareWith: {
      name: "the period's invoices with their jobs summed in JavaScript",
      run: (ctx) => naiveReport(ctx, 'monthly'),
      minSpeedup: 20,
      iterations: 10,
    },
  },
];
