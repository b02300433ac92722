/**
 * The financial report: aggregates over job_invoices alone (job_invoices_report_idx), or over the
 * totals the database keeps for a whole year, quarter or month.
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  type InvoiceReportAggregates,
  type InvoiceStatus,
  type PaymentMethod,
  type PaymentsReceivedRow,
  type ReportMonth,
  type SalesTaxRow,
} from '../../../domain/invoices/index.js';
import { toCents } from '../../../domain/money.js';
import { type Executor } from '../../db/client.js';
import {
  companies,
  invoiceCompanyTotals,
  invoiceMonthTotals,
  invoiceTaxDayTotals,
  jobInvoices,
  paymentDayTotals,
  serviceLines,
  taxGroups,
} from '../../db/schema.js';
import { selectRow, selection } from '../../db/sql.js';

import { cents, counted } from './invoices-list.repo.js';

/** The earliest issue year, for the report's year list (null with no issued invoice). */
export async function earliestIssuedYear(exec: Executor): Promise<number | null> {
  const [row] = await exec.select({ first: sql<string | null>`min(${jobInvoices.issuedDate})` }).from(jobInvoices);
  return row?.first ? Number(row.first.slice(0, 4)) : null;
}

/** The report period [from, to) is a whole year, quarter or month: its key in invoice_company_totals, or null. */
export function reportPeriodKey(range: { from: string; to: string }): 'y' | 'q' | 'm' | null {
  const start = /^(\d{4})-(\d{2})-01$/.exec(range.from);
  const end = /^(\d{4})-(\d{2})-01$/.exec(range.to);
  if (!start || !end) return null;
  const months = (Number(end[1]) - Number(start[1])) * 12 + Number(end[2]) - Number(start[2]);
  const month = Number(start[2]);
  if (months === 12 && month === 1) return 'y';
  if (months === 3 && (month - 1) % 3 === 0) return 'q';
  if (months === 1) return 'm';
  return null;
}

/**
 * Every figure of the report for the period [from, to), summed in SQL: by month and status, by
 * service line, the top customers. A whole year, quarter or month reads the totals the database
 * keeps (invoice_month_totals, invoice_company_totals); any other range aggregates the invoices.
 */
export async function reportAggregates(
  exec: Executor,
  range: { from: string; to: string },
  topLimit: number,
): Promise<InvoiceReportAggregates> {
  const period = reportPeriodKey(range);
  // Three independent reads: on PostgreSQL's pool they run side by side.
  const [agg, salesTax, paymentsReceived] = await Promise.all([
    period
      ? reportAggregatesOfTotals(exec, range, period, topLimit)
      : reportAggregatesOfInvoices(exec, range, topLimit),
    salesTaxRows(exec, range),
    paymentsReceivedRows(exec, range),
  ]);
  return { ...agg, salesTax, paymentsReceived };
}

/**
 * "Payments received" (issue 27): the money taken in [from, to) by payment date, voided payments
 * left out, per method, summed from payment_day_totals (kept by triggers on job_invoice_payments,
 * migration report-day-totals): a year reads a few hundred rows, not every payment.
 */
export function paymentsReceivedStatement(range: { from: string; to: string }): SQL {
  const p = paymentDayTotals;
  return sql`select ${p.method} as method, sum(${p.n}) as n, sum(${p.amount}) as amount
    from ${p}
    where ${p.paymentDate} >= ${range.from} and ${p.paymentDate} < ${range.to}
    group by ${p.method}
    having sum(${p.n}) <> 0`;
}

async function paymentsReceivedRows(
  exec: Executor,
  range: { from: string; to: string },
): Promise<PaymentsReceivedRow[]> {
  const result = await exec.execute(paymentsReceivedStatement(range));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    method: PaymentMethod;
    n: number | string;
    amount: string;
  }[];
  return rows.map((r) => ({ method: r.method, count: Number(r.n), amountCents: toCents(r.amount) }));
}

/**
 * "Sales tax collected" (issue 27): the tax of the invoices issued in [from, to) and not void
 * (issued or paid: tax charged to the customer, accrual basis, decision 035), per issue month and
 * tax group, summed from invoice_tax_day_totals (kept by triggers on job_invoices, migration
 * report-day-totals); the group's name is joined after the aggregate (the current name, else the code).
 */
export function salesTaxStatement(range: { from: string; to: string }): SQL {
  const d = invoiceTaxDayTotals;
  return sql`select t.month, t.code, coalesce(g.name, t.code) as name, t.n, t.tax
    from (
      select to_char(date_trunc('month', ${d.issuedDate}), 'YYYY-MM') as month, ${d.taxGroupCode} as code,
             sum(${d.n}) as n, sum(${d.tax}) as tax
      from ${d}
      where ${d.issuedDate} >= ${range.from} and ${d.issuedDate} < ${range.to}
      group by 1, 2
      having sum(${d.n}) <> 0
    ) t
    left join ${taxGroups} g on g.code = t.code
    order by t.month desc, t.code`;
}

async function salesTaxRows(exec: Executor, range: { from: string; to: string }): Promise<SalesTaxRow[]> {
  const result = await exec.execute(salesTaxStatement(range));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    month: string;
    code: string | null;
    name: string | null;
    n: number | string;
    tax: string;
  }[];
  return rows.map((r) => ({
    month: r.month,
    code: r.code ?? '',
    name: r.name ?? r.code ?? '',
    count: Number(r.n),
    taxCents: toCents(r.tax),
  }));
}

type TotalsJsonRow = { key: string | null; label: string | null; count: number | string; cents: number | string };
type MonthJsonRow = { month: string; status: string; count: number | string; cents: number | string };
/** A json_agg column (PGlite hands it over parsed, node-postgres as parsed json too; text is parsed here). */
const jsonArray = <T>(expression: SQL) =>
  sql<T[]>`${expression}`.mapWith((value: unknown) =>
    typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value ?? []) as T[]),
  );

/**
 * The report over the totals in one statement (one round trip; also shown with EXPLAIN by the
 * benchmark): the period's months by status, its service lines and its top customers, each as a
 * JSON array, amounts already in cents.
 */
function reportTotalsSelection(range: { from: string; to: string }, period: 'y' | 'q' | 'm', topLimit: number) {
  const t = invoiceMonthTotals;
  const ct = invoiceCompanyTotals;
  const inPeriod = sql`${t.issuedMonth} >= ${range.from} and ${t.issuedMonth} < ${range.to} and ${t.status} <> 'draft'`;
  const centsOf = (column: SQL) => sql`coalesce(round(${column} * 100), 0)::bigint`;
  return selection({
    monthly: jsonArray<MonthJsonRow>(sql`(select coalesce(json_agg(m), '[]') from (
        select to_char(${t.issuedMonth}, 'YYYY-MM') as month, ${t.status} as status, sum(${t.n})::bigint as count, ${centsOf(sql`sum(${t.amount})`)} as cents
        from ${t} where ${inPeriod} group by 1, 2
        having sum(${t.n}) <> 0) m)`),
    lines: jsonArray<TotalsJsonRow>(sql`(select coalesce(json_agg(l), '[]') from (
        select b.service_line as key, ${serviceLines.name} as label, b.count, b.cents from (
          select ${t.serviceLine} as service_line, sum(${t.n})::bigint as count, ${centsOf(sql`sum(${t.amount})`)} as cents
          from ${t} where ${inPeriod} group by ${t.serviceLine}
          -- a total that went back to zero (its invoices moved to another line) is no line of the report
          having sum(${t.n}) <> 0) b
        left join ${serviceLines} on ${serviceLines.code} = b.service_line) l)`),
    customers: jsonArray<TotalsJsonRow>(sql`(select coalesce(json_agg(c order by c.cents desc, c.key), '[]') from (
        select top.company_id as key, ${companies.name} as label, top.count, top.cents from (
          select ${ct.companyId} as company_id, ${ct.n}::bigint as count, ${centsOf(sql`${ct.amount}`)} as cents, ${ct.amount} as amount
          from ${ct}
          where ${ct.period} = ${period} and ${ct.periodStart} = ${range.from} and ${ct.n} > 0
          order by ${ct.amount} desc, ${ct.companyId} limit ${topLimit + 1}) top
        left join ${companies} on ${companies.id} = top.company_id) c)`),
  });
}

export function reportTotalsStatement(
  range: { from: string; to: string },
  period: 'y' | 'q' | 'm',
  topLimit: number,
): SQL {
  return sql`select ${reportTotalsSelection(range, period, topLimit)}`;
}

async function reportAggregatesOfTotals(
  exec: Executor,
  range: { from: string; to: string },
  period: 'y' | 'q' | 'm',
  topLimit: number,
): Promise<WithoutTax> {
  const select = reportTotalsSelection(range, period, topLimit);
  const row = await selectRow(exec, select, sql`select ${select}`);
  const bucket = (r: TotalsJsonRow): ReportRow => ({
    key: r.key,
    label: r.label,
    count: Number(r.count),
    amountCents: Number(r.cents),
  });
  return reportOf(
    (row?.monthly ?? []).map((m) => ({
      month: m.month,
      status: m.status,
      count: Number(m.count),
      amount: Number(m.cents),
    })),
    (row?.lines ?? []).map(bucket),
    (row?.customers ?? []).map(bucket),
  );
}

/** The report summed over the invoices themselves (any range; the totals must always agree with it). */
export async function reportAggregatesOfInvoices(
  exec: Executor,
  range: { from: string; to: string },
  topLimit: number,
): Promise<WithoutTax> {
  const inPeriod = and(
    gte(jobInvoices.issuedDate, range.from),
    lt(jobInvoices.issuedDate, range.to),
    sql`${jobInvoices.status} <> 'draft'`,
  );
  const month = sql<string>`to_char(${jobInvoices.issuedDate}, 'YYYY-MM')`;
  const amount = cents(sql`sum(${jobInvoices.amount})`);
  const byLine = exec
    .select({
      serviceLine: jobInvoices.serviceLine,
      count: counted(sql`count(*)`).as('count'),
      amount: sql<string>`sum(${jobInvoices.amount})`.as('amount'),
    })
    .from(jobInvoices)
    .where(inPeriod)
    .groupBy(jobInvoices.serviceLine)
    .as('by_line');
  const byCompany = exec
    .select({
      companyId: jobInvoices.companyId,
      count: counted(sql`count(*)`).as('count'),
      amount: sql<string>`sum(${jobInvoices.amount})`.as('amount'),
    })
    .from(jobInvoices)
    .where(inPeriod)
    .groupBy(jobInvoices.companyId)
    .orderBy(sql`sum(${jobInvoices.amount}) desc`, jobInvoices.companyId)
    .limit(topLimit + 1)
    .as('by_company');
  const [monthly, lines, customers] = await Promise.all([
    exec
      .select({ month, status: jobInvoices.status, count: counted(sql`count(*)`), amount })
      .from(jobInvoices)
      .where(inPeriod)
      .groupBy(sql`1`, jobInvoices.status),
    exec
      .select({ key: byLine.serviceLine, label: serviceLines.name, count: byLine.count, amount: byLine.amount })
      .from(byLine)
      .leftJoin(serviceLines, eq(serviceLines.code, byLine.serviceLine)),
    exec
      .select({ key: byCompany.companyId, label: companies.name, count: byCompany.count, amount: byCompany.amount })
      .from(byCompany)
      .leftJoin(companies, eq(companies.id, byCompany.companyId)),
  ]);
  const bucket = (r: {
    key: string | null;
    label: string | null;
    count: number | string;
    amount: string | null;
  }): ReportRow => ({ key: r.key, label: r.label, count: Number(r.count), amountCents: toCents(r.amount) });
  return reportOf(monthly, lines.map(bucket), customers.map(bucket));
}
type WithoutTax = Omit<InvoiceReportAggregates, 'salesTax' | 'paymentsReceived'>;

type ReportRow = { key: string | null; label: string | null; count: number; amountCents: number };
function reportOf(
  monthly: { month: string; status: string; count: number; amount: number }[],
  lines: ReportRow[],
  customers: ReportRow[],
): WithoutTax {
  const byStatus = new Map<InvoiceStatus, { amountCents: number; count: number }>();
  const months = new Map<string, ReportMonth>();
  for (const row of monthly) {
    const status = row.status as InvoiceStatus;
    const s = byStatus.get(status) ?? { amountCents: 0, count: 0 };
    s.amountCents += row.amount;
    s.count += row.count;
    byStatus.set(status, s);
    const m = months.get(row.month) ?? {
      month: row.month,
      amountCents: 0,
      count: 0,
      paidCents: 0,
      outstandingCents: 0,
      voidCents: 0,
    };
    m.amountCents += row.amount;
    m.count += row.count;
    if (status === 'paid') m.paidCents += row.amount;
    if (status === 'issued') m.outstandingCents += row.amount;
    if (status === 'void') m.voidCents += row.amount;
    months.set(row.month, m);
  }
  return {
    byStatus: [...byStatus].map(([status, v]) => ({ status, ...v })),
    monthly: [...months.values()],
    serviceLines: lines,
    customers,
  };
}

export function createInvoicesReportRepo(db: Executor) {
  return {
    earliestIssuedYear: (exec: Executor = db) => earliestIssuedYear(exec),
    reportAggregates: (range: { from: string; to: string }, topLimit: number, exec: Executor = db) =>
      reportAggregates(exec, range, topLimit),
  };
}
