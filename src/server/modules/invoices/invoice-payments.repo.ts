/**
 * Payments of invoices (issue 27, decision 036): the writes (a payment, its void, the invoice's
 * amount_paid and status kept in the same transaction) and the reads (an invoice's payments, the
 * /invoices/payments list through the list planner, its export batches).
 */
import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayName } from '../../../domain/display-name.js';
import {
  type InvoicePayment,
  type PaymentListFilters,
  type PaymentListItem,
  type PaymentMethod,
} from '../../../domain/invoices/index.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import { countLimitFor, LIST_TOTAL_CAP } from '../../../domain/search.js';
import { type Executor } from '../../db/client.js';
import { from } from '../../db/sql.js';
import { companies, jobInvoicePayments, jobInvoices, users } from '../../db/schema.js';
import {
  invoiceSearchTable,
  readList,
  searchable,
  searchTableCondition,
  type CountFirstList,
  type Paging,
} from '../../lists/index.js';

const p = jobInvoicePayments;
const recorder = alias(users, 'recorder');
const voider = alias(users, 'voider');

const PAYMENT_FIELDS = {
  id: p.id,
  paymentDate: p.paymentDate,
  amount: p.amount,
  method: p.method,
  reference: p.reference,
  note: p.note,
  createdAt: p.createdAt,
  voidedAt: p.voidedAt,
  voidReason: p.voidReason,
  recorderUsername: recorder.username,
  recorderFirst: recorder.firstName,
  recorderLast: recorder.lastName,
  voiderUsername: voider.username,
  voiderFirst: voider.firstName,
  voiderLast: voider.lastName,
};
type PaymentRow = {
  id: string;
  paymentDate: string;
  amount: string;
  method: string;
  reference: string | null;
  note: string | null;
  createdAt: Date;
  voidedAt: Date | null;
  voidReason: string | null;
  recorderUsername: string | null;
  recorderFirst: string | null;
  recorderLast: string | null;
  voiderUsername: string | null;
  voiderFirst: string | null;
  voiderLast: string | null;
};

function paymentOf(r: PaymentRow): InvoicePayment {
  return {
    id: r.id,
    paymentDate: r.paymentDate,
    amountCents: toCents(r.amount),
    method: r.method as PaymentMethod,
    reference: r.reference,
    note: r.note,
    recordedByName: r.recorderUsername
      ? displayName({ firstName: r.recorderFirst, lastName: r.recorderLast, username: r.recorderUsername })
      : null,
    createdAt: r.createdAt.toISOString(),
    voidedAt: r.voidedAt ? r.voidedAt.toISOString() : null,
    voidedByName: r.voiderUsername
      ? displayName({ firstName: r.voiderFirst, lastName: r.voiderLast, username: r.voiderUsername })
      : null,
    voidReason: r.voidReason,
  };
}

type ListPaymentRow = PaymentRow & { invoiceId: string; invoiceNumber: string; companyName: string | null };
const LIST_FIELDS = {
  ...PAYMENT_FIELDS,
  invoiceId: jobInvoices.id,
  invoiceNumber: jobInvoices.invoiceNumber,
  companyName: companies.name,
};
const listItemOf = (r: ListPaymentRow): PaymentListItem => ({
  ...paymentOf(r),
  invoiceId: r.invoiceId,
  invoiceNumber: r.invoiceNumber,
  companyName: r.companyName,
});

/** The list's filters as conditions on job_invoice_payments (each served by an index of the table or invoice_search). */
export function paymentConditions(f: PaymentListFilters): SQL[] {
  const c: SQL[] = [];
  if (!f.includeVoided) c.push(isNull(p.voidedAt));
  if (f.from) c.push(gte(p.paymentDate, f.from));
  if (f.to) c.push(lte(p.paymentDate, f.to));
  if (f.method) c.push(eq(p.method, f.method));
  if (f.q && searchable(f.q)) {
    const s = invoiceSearchTable;
    const like = `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(
      or(
        sql`${p.invoiceId} in (select ${s.invoiceId} from ${from(s)} where ${searchTableCondition(f.q)})`,
        sql`${p.reference} ilike ${like}`,
      )!,
    );
  } else if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(sql`${p.reference} ilike ${like}`);
  }
  return c;
}

function pageSelect(exec: Executor) {
  return exec
    .select(LIST_FIELDS)
    .from(p)
    .innerJoin(jobInvoices, eq(jobInvoices.id, p.invoiceId))
    .leftJoin(companies, eq(companies.id, jobInvoices.companyId))
    .leftJoin(recorder, eq(recorder.id, p.recordedBy))
    .leftJoin(voider, eq(voider.id, p.voidedBy));
}

export interface PaymentSummary {
  count: number;
  amountCents: number;
}

/** /invoices/payments: newest payment date first (id as the tie break), its count and total first. */
export function paymentListDescription(cap: number) {
  const paging = (query: Paging & { page: number; pageSize: number }) => ({
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    countLimit: countLimitFor(query.page, query.pageSize, cap),
  });
  const list: CountFirstList<
    PaymentListFilters & { page: number; pageSize: number },
    ListPaymentRow,
    undefined,
    PaymentSummary
  > = {
    name: 'payments',
    table: p,
    orders: { date: { index: 'job_invoice_payments_date_idx' } },
    searchText: [p.reference],
    filters: (query) => paymentConditions(query),
    paging: (query) => paging(query as never),
    total: {
      summary: async (exec, query) => {
        const [row] = await exec
          .select({
            count: sql<number>`count(*)::int`,
            amount: sql<string>`coalesce(sum(${p.amount}), 0)`,
          })
          .from(p)
          .where(and(...paymentConditions(query)));
        const summary = { count: row?.count ?? 0, amountCents: toCents(row?.amount ?? '0') };
        return { summary, count: summary.count, countedUpTo: Number.MAX_SAFE_INTEGER };
      },
      capped: (query) => sql`select 1 from ${p} where ${and(...paymentConditions(query)) ?? sql`true`}`,
    },
    pages: {
      by: 'countFirst',
      walk: (exec, query) =>
        pageSelect(exec)
          .where(and(...paymentConditions(query)))
          .orderBy(desc(p.paymentDate), desc(p.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize) as unknown as Promise<ListPaymentRow[]>,
    },
  };
  return list;
}

export function createInvoicePaymentsRepo(db: Executor, options: { totalCap?: number } = {}) {
  const list = paymentListDescription(options.totalCap ?? LIST_TOTAL_CAP);
  return {
    /** An invoice's payments, oldest first (by payment date, then when recorded), voided ones included. */
    async paymentsOf(invoiceId: string, exec: Executor = db): Promise<InvoicePayment[]> {
      const rows = await exec
        .select(PAYMENT_FIELDS)
        .from(p)
        .leftJoin(recorder, eq(recorder.id, p.recordedBy))
        .leftJoin(voider, eq(voider.id, p.voidedBy))
        .where(eq(p.invoiceId, invoiceId))
        .orderBy(asc(p.paymentDate), asc(p.createdAt), asc(p.id));
      return rows.map(paymentOf);
    },

    /** The invoice's non-void payments (the settlement's input). */
    async livePayments(invoiceId: string, exec: Executor = db) {
      const rows = await exec
        .select({ paymentDate: p.paymentDate, amount: p.amount })
        .from(p)
        .where(and(eq(p.invoiceId, invoiceId), isNull(p.voidedAt)));
      return rows.map((r) => ({ paymentDate: r.paymentDate, amountCents: toCents(r.amount) }));
    },

    async insertPayment(
      v: {
        invoiceId: string;
        paymentDate: string;
        amountCents: number;
        method: PaymentMethod;
        reference: string | null;
        note: string | null;
        recordedBy: string | null;
      },
      exec: Executor = db,
    ): Promise<string> {
      const [row] = await exec
        .insert(p)
        .values({
          invoiceId: v.invoiceId,
          paymentDate: v.paymentDate,
          amount: centsToDecimal(v.amountCents),
          method: v.method,
          reference: v.reference,
          note: v.note,
          recordedBy: v.recordedBy,
        })
        .returning({ id: p.id });
      return row!.id;
    },

    /** The payment of this invoice, locked; null when there is none. */
    async lockPayment(invoiceId: string, paymentId: string, exec: Executor = db) {
      const [row] = await exec
        .select({
          id: p.id,
          paymentDate: p.paymentDate,
          amount: p.amount,
          method: p.method,
          reference: p.reference,
          voidedAt: p.voidedAt,
        })
        .from(p)
        .where(and(eq(p.id, paymentId), eq(p.invoiceId, invoiceId)))
        .for('update');
      return row
        ? {
            ...row,
            method: row.method as PaymentMethod,
            amountCents: toCents(row.amount),
            voided: row.voidedAt !== null,
          }
        : null;
    },

    async voidPayment(paymentId: string, by: string | null, reason: string, exec: Executor = db): Promise<void> {
      await exec
        .update(p)
        .set({ voidedAt: sql`now()`, voidedBy: by, voidReason: reason })
        .where(eq(p.id, paymentId));
    },

    async hasLivePayments(invoiceId: string, exec: Executor = db): Promise<boolean> {
      const [row] = await exec
        .select({ id: p.id })
        .from(p)
        .where(and(eq(p.invoiceId, invoiceId), isNull(p.voidedAt)))
        .limit(1);
      return Boolean(row);
    },

    /** /invoices/payments: a page, its total and its summary (count and total of the matches). */
    async readList(query: PaymentListFilters & { page: number; pageSize: number }) {
      const { summary, rows, total, totalCapped } = await readList(db, list, query, undefined);
      return {
        items: rows.map(listItemOf),
        total,
        totalCapped,
        page: query.page,
        pageSize: query.pageSize,
        summary: summary ?? { count: 0, amountCents: 0 },
      };
    },

    /** A keyset batch of the export: the filters, newest first, after the last row read. */
    async exportBatch(
      filters: PaymentListFilters,
      after: { paymentDate: string; id: string } | null,
      limit: number,
      exec: Executor = db,
    ): Promise<PaymentListItem[]> {
      const c = paymentConditions(filters);
      if (after)
        c.push(
          or(lt(p.paymentDate, after.paymentDate), and(eq(p.paymentDate, after.paymentDate), lt(p.id, after.id)))!,
        );
      const rows = (await pageSelect(exec)
        .where(and(...c))
        .orderBy(desc(p.paymentDate), desc(p.id))
        .limit(limit)) as unknown as ListPaymentRow[];
      return rows.map(listItemOf);
    },
  };
}
