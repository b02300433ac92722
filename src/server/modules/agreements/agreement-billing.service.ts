/**
 * Billing of service agreements (issue 29 item 3, decision 052), run by the visit generator in its
 * transaction and under its advisory lock: the advance invoices due by today (monthly, quarterly,
 * annually; `next_bill_on` is the next period to bill, so a server that was down bills every
 * period it missed), the per-visit invoices of completed visit jobs, and the deferred revenue
 * parts of each advance invoice. Invoices are written by the invoices module.
 */
import { and, asc, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  advanceLineName,
  billedInAdvance,
  billingPeriods,
  earningVisits,
  periodAmountsCents,
  perVisitAmountCents,
  visitDates,
  visitLineName,
  type BillingPlan,
} from '../../../domain/agreements/index.js';
import { toCents } from '../../../domain/money.js';
import type { Executor } from '../../db/client.js';
import {
  agreementRevenueShares,
  agreements,
  agreementUnits,
  agreementVisits,
  jobInvoices,
  jobs,
} from '../../db/schema.js';
import type { FileStorage } from '../../storage/storage.js';
import {
  completedVisitJobsToBill,
  createAgreementInvoice,
  createAgreementInvoiceDrafts,
  lastBilledPeriodEnd,
  textArray,
  withdrawFutureAgreementInvoices,
  type AgreementInvoiceDraft,
} from '../invoices/index.js';
import type { AgreementRow } from './agreements.repo.js';
import { ruleOf } from './agreements.service.js';

/** Agreements billed per statement set (decision 058). */
const BATCH = 500;
/** Completed per-visit jobs billed per statement set. */
const VISIT_BATCH = 1000;

type BillingRow = Pick<
  AgreementRow,
  | 'billingPlan'
  | 'startDate'
  | 'endDate'
  | 'planFrom'
  | 'frequency'
  | 'months'
  | 'dayKind'
  | 'dayOfMonth'
  | 'nth'
  | 'weekday'
>;

/**
 * The next billing period to invoice: the first whose end is on or after the date the plan runs
 * from (a contract entered late bills the period it is in, not the ones before) and that starts
 * after the last period already billed. Null for per-visit plans and when none is left.
 */
export function nextBillOnFor(row: BillingRow, lastBilledEnd: string | null): string | null {
  const plan = row.billingPlan as BillingPlan;
  if (!billedInAdvance(plan)) return null;
  const period = billingPeriods(plan, row.startDate, row.endDate).find(
    (p) => p.end >= row.planFrom && (lastBilledEnd === null || p.start > lastBilledEnd),
  );
  return period?.start ?? null;
}

/** Recomputes `next_bill_on` from the invoices already made (create, activate, edit, renew). */
export async function refreshNextBillOn(tx: Executor, agreementId: string): Promise<void> {
  const [row] = await tx.select().from(agreements).where(eq(agreements.id, agreementId));
  if (!row) return;
  const next = row.status === 'active' ? nextBillOnFor(row, await lastBilledPeriodEnd(tx, agreementId)) : null;
  if (next !== row.nextBillOn)
    await tx.update(agreements).set({ nextBillOn: next }).where(eq(agreements.id, agreementId));
}

/** Cancel: future draft advance invoices go; issued ones and the running period stay. */
export async function withdrawAgreementBilling(tx: Executor, agreementId: string, today: string): Promise<number> {
  const removed = await withdrawFutureAgreementInvoices(tx, agreementId, today);
  await tx.update(agreements).set({ nextBillOn: null }).where(eq(agreements.id, agreementId));
  return removed;
}

const locationIdsOf = async (tx: Executor, agreementId: string): Promise<string[]> => {
  const rows = await tx
    .selectDistinct({ locationId: agreementUnits.locationId })
    .from(agreementUnits)
    .where(eq(agreementUnits.agreementId, agreementId))
    .orderBy(asc(agreementUnits.locationId));
  return rows.map((r) => r.locationId);
};

/** Writes the parts an advance invoice is earned on, already earned where the visit is done. */
async function writeShares(
  tx: Executor,
  row: AgreementRow,
  invoiceId: string,
  period: { start: string; end: string },
  locationIds: string[],
): Promise<void> {
  const planDates = visitDates(ruleOf(row), row.startDate, row.planFrom, row.endDate);
  await insertShares(tx, shareRows(row.id, invoiceId, period, planDates, locationIds), [invoiceId]);
}

/**
 * The agreements matching `where`, in pages of `size` by id (keyset). A page's writes may take its
 * rows out of `where` (the next page still starts after the last id read).
 */
async function* agreementPages(tx: Executor, where: SQL | undefined, size: number): AsyncGenerator<AgreementRow[]> {
  let after: string | null = null;
  for (;;) {
    const page: AgreementRow[] = await tx
      .select()
      .from(agreements)
      .where(and(where, after ? gt(agreements.id, after) : undefined))
      .orderBy(asc(agreements.id))
      .limit(size);
    yield page;
    if (page.length < size) return;
    after = page[page.length - 1]!.id;
  }
}

export interface BillingOutcome {
  invoicesCreated: number;
}

export interface BillingOptions {
  /** Agreements per statement set (default 500). */
  batchSize?: number;
  /**
   * Bill one invoice at a time through createAgreementInvoice (what every issued invoice does, to
   * send it; the reference the batch is tested against in tests/api/agreement-billing-batch.test.ts).
   */
  perRow?: boolean;
}

type Deps = { storage: FileStorage; now: Date; issue: boolean };

/**
 * Bills what is due by `today`: every advance period of an active agreement starting on or before
 * today (catching up after downtime), then every completed visit job of a per-visit agreement that
 * has no invoice yet. Idempotent: the invoices' unique keys stop a second invoice for a period or
 * a job, and `next_bill_on` moves past what was billed.
 *
 * Drafts (the default setting) are written per batch of agreements in a few set-based statements
 * (decision 058): the amounts come from the domain functions in TS, the rows go in with unnest.
 * Issued invoices go one by one, since each is sent (PDF and e-mail through the outbox).
 */
export async function billDue(
  tx: Executor,
  deps: Deps,
  today: string,
  options: BillingOptions = {},
): Promise<BillingOutcome> {
  const batchSize = options.batchSize ?? BATCH;
  const perRow = options.perRow === true || deps.issue;
  let created = 0;
  // Agreements written before billing existed (or by a bulk insert such as the demo seed) have no
  // next billing date and no invoice yet: give them one first (no invoice: nothing billed before).
  const unset = and(
    eq(agreements.status, 'active'),
    sql`${agreements.billingPlan} <> 'per_visit'`,
    isNull(agreements.nextBillOn),
    sql`not exists (select 1 from ${jobInvoices} i where i.agreement_id = ${agreements.id} and i.job_id is null)`,
  );
  for await (const page of agreementPages(tx, unset, batchSize)) {
    await setNextBillOn(
      tx,
      page.flatMap((row) => {
        const on = nextBillOnFor(row, null);
        return on ? [{ id: row.id, on }] : [];
      }),
    );
  }
  const due = and(eq(agreements.status, 'active'), lte(agreements.nextBillOn, today));
  for await (const batch of agreementPages(tx, due, batchSize)) {
    if (perRow) for (const row of batch) created += await billAdvance(tx, deps, row, today);
    else created += await billAdvanceBatch(tx, deps, batch, today);
  }

  const visits = await completedVisitJobsToBill(tx);
  const rows = new Map<string, { row: AgreementRow; slots: string[] } | null>();
  const visitDrafts: { row: AgreementRow; draft: AgreementInvoiceDraft }[] = [];
  for (let from = 0; from < visits.length; from += VISIT_BATCH) {
    const chunk = visits.slice(from, from + VISIT_BATCH);
    const missing = [...new Set(chunk.map((v) => v.agreementId))].filter((id) => !rows.has(id));
    if (missing.length) {
      const found = await tx
        .select()
        .from(agreements)
        .where(sql`${agreements.id} = any(${textArray(missing)}::uuid[])`);
      const locations = await locationIdsOfMany(tx, missing);
      for (const id of missing) rows.set(id, null);
      for (const row of found) {
        // The term's visits in (date, location) order: the price is spread over them (decision 052).
        const locs = locations.get(row.id) ?? [];
        const dates = visitDates(ruleOf(row), row.startDate, row.startDate, row.endDate);
        rows.set(row.id, { row, slots: dates.flatMap((d) => locs.map((l) => `${d}|${l}`)) });
      }
    }
    visitDrafts.length = 0;
    for (const visit of chunk) {
      const entry = rows.get(visit.agreementId);
      if (!entry) continue;
      const { row, slots } = entry;
      const index = slots.indexOf(`${visit.visitDate}|${visit.locationId}`) + 1;
      // A visit the current plan no longer has (an edited plan) bills the plan's average visit.
      const amount = perVisitAmountCents(toCents(row.price), slots.length, index > 0 ? index : 1);
      visitDrafts.push({
        row,
        draft: {
          agreementId: row.id,
          agreementNumber: row.number,
          companyId: row.companyId,
          job: { id: visit.jobId, number: visit.jobNumber },
          periodStart: visit.visitDate,
          periodEnd: visit.visitDate,
          lineName: visitLineName(row, visit.visitDate),
          amountCents: amount,
        },
      });
    }
    if (perRow) {
      for (const { draft } of visitDrafts)
        if (await createAgreementInvoice(tx, deps, { ...draft, issue: deps.issue, now: deps.now })) created++;
    } else {
      const made = await createAgreementInvoiceDrafts(
        tx,
        visitDrafts.map((d) => d.draft),
        { now: deps.now },
      );
      created += made.filter(Boolean).length;
    }
  }
  return { invoicesCreated: created };
}

/** Agreements' next billing dates, in one statement. */
async function setNextBillOn(tx: Executor, values: readonly { id: string; on: string | null }[]): Promise<void> {
  if (!values.length) return;
  await tx.execute(
    sql`update ${agreements} set next_bill_on = n.next_bill_on, updated_at = ${new Date().toISOString()}::timestamptz
        from unnest(${textArray(values.map((v) => v.id))}::uuid[], ${textArray(values.map((v) => v.on))}::date[])
          as n(id, next_bill_on)
        where ${agreements.id} = n.id`,
  );
}

/** The covered locations of many agreements, each list ordered (locationIdsOf, in one statement). */
async function locationIdsOfMany(tx: Executor, agreementIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (!agreementIds.length) return map;
  const rows = await tx
    .selectDistinct({ agreementId: agreementUnits.agreementId, locationId: agreementUnits.locationId })
    .from(agreementUnits)
    .where(sql`${agreementUnits.agreementId} = any(${textArray(agreementIds)}::uuid[])`)
    .orderBy(asc(agreementUnits.agreementId), asc(agreementUnits.locationId));
  for (const r of rows) {
    const list = map.get(r.agreementId);
    if (list) list.push(r.locationId);
    else map.set(r.agreementId, [r.locationId]);
  }
  return map;
}

/**
 * One batch of agreements' advance periods due, as drafts in a few statements (decision 058): the
 * same periods, amounts, line names and revenue parts as billAdvance, the same next_bill_on.
 */
async function billAdvanceBatch(
  tx: Executor,
  deps: Deps,
  batch: readonly AgreementRow[],
  today: string,
): Promise<number> {
  if (!batch.length) return 0;
  const locations = await locationIdsOfMany(
    tx,
    batch.map((r) => r.id),
  );
  const drafts: { row: AgreementRow; period: { start: string; end: string }; draft: AgreementInvoiceDraft }[] = [];
  const nextBills: { id: string; on: string | null }[] = [];
  for (const row of batch) {
    const plan = row.billingPlan as BillingPlan;
    const periods = billingPeriods(plan, row.startDate, row.endDate);
    const amounts = periodAmountsCents(toCents(row.price), row.startDate, row.endDate, periods);
    let next: string | null = null;
    for (const [i, period] of periods.entries()) {
      if (row.nextBillOn === null || period.start < row.nextBillOn) continue;
      if (period.start > today) {
        next = period.start;
        break;
      }
      drafts.push({
        row,
        period,
        draft: {
          agreementId: row.id,
          agreementNumber: row.number,
          companyId: row.companyId,
          job: null,
          periodStart: period.start,
          periodEnd: period.end,
          lineName: advanceLineName(row, period.start, period.end),
          amountCents: amounts[i]!,
        },
      });
    }
    nextBills.push({ id: row.id, on: next });
  }
  const made = await createAgreementInvoiceDrafts(
    tx,
    drafts.map((d) => d.draft),
    { now: deps.now },
  );
  const shares: ShareRow[] = [];
  const planDatesOf = new Map<string, string[]>();
  made.forEach((invoice, k) => {
    if (!invoice) return;
    const { row, period } = drafts[k]!;
    let planDates = planDatesOf.get(row.id);
    if (!planDates) {
      planDates = visitDates(ruleOf(row), row.startDate, row.planFrom, row.endDate);
      planDatesOf.set(row.id, planDates);
    }
    shares.push(...shareRows(row.id, invoice.id, period, planDates, locations.get(row.id) ?? []));
  });
  await insertShares(
    tx,
    shares,
    made.flatMap((m) => (m ? [m.id] : [])),
  );
  await setNextBillOn(tx, nextBills);
  return made.filter(Boolean).length;
}

interface ShareRow {
  invoiceId: string;
  position: number;
  shareCount: number;
  agreementId: string;
  visitDate: string | null;
  period: string | null;
  locationId: string | null;
  earnedOn: string | null;
}

/** The parts an advance invoice is earned on (earningVisits, decision 052). */
function shareRows(
  agreementId: string,
  invoiceId: string,
  period: { start: string; end: string },
  planDates: readonly string[],
  locationIds: readonly string[],
): ShareRow[] {
  const visits = earningVisits(planDates, period, locationIds);
  return visits.map((v, i) => ({
    invoiceId,
    position: i + 1,
    shareCount: visits.length,
    agreementId,
    visitDate: v.visitDate,
    period: v.visitDate ? `${v.visitDate.slice(0, 7)}-01` : null,
    locationId: v.locationId,
    // No visit in the whole plan: earned when the period ends.
    earnedOn: v.visitDate ? null : period.end,
  }));
}

/** Many invoices' parts in one statement, then those whose visit is already done marked earned. */
async function insertShares(tx: Executor, shares: readonly ShareRow[], invoiceIds: readonly string[]): Promise<void> {
  if (!shares.length) return;
  const col = (f: (s: ShareRow) => string | number | null) =>
    textArray(shares.map((s) => (f(s) === null ? null : String(f(s)))));
  await tx.execute(
    sql`insert into ${agreementRevenueShares} (invoice_id, position, share_count, agreement_id, visit_date, period,
          location_id, earned_on)
        select * from unnest(${col((s) => s.invoiceId)}::uuid[], ${col((s) => s.position)}::smallint[],
          ${col((s) => s.shareCount)}::smallint[], ${col((s) => s.agreementId)}::uuid[], ${col((s) => s.visitDate)}::date[],
          ${col((s) => s.period)}::date[], ${col((s) => s.locationId)}::uuid[], ${col((s) => s.earnedOn)}::date[])`,
  );
  await markEarned(tx, sql`r.invoice_id = any(${textArray(invoiceIds)}::uuid[])`);
}

/** Parts of visits already completed (an invoice made late, after its visit): earned on their completion day. */
async function markEarned(tx: Executor, which: ReturnType<typeof sql>): Promise<void> {
  await tx.execute(sql`
    update ${agreementRevenueShares} r set earned_on = (j.completed_at at time zone coalesce(
        (select s.value->>'time_zone' from settings s where s.key = 'company'), 'America/New_York'))::date
    from ${agreementVisits} v join ${jobs} j on j.id = v.job_id
    where ${which} and v.agreement_id = r.agreement_id and v.period = r.period
      and v.location_id = r.location_id and j.status = 'completed' and j.completed_at is not null`);
}

async function billAdvance(tx: Executor, deps: Deps, row: AgreementRow, today: string): Promise<number> {
  const plan = row.billingPlan as BillingPlan;
  const periods = billingPeriods(plan, row.startDate, row.endDate);
  const amounts = periodAmountsCents(toCents(row.price), row.startDate, row.endDate, periods);
  const locationIds = await locationIdsOf(tx, row.id);
  let created = 0;
  let next: string | null = null;
  for (const [i, period] of periods.entries()) {
    if (row.nextBillOn === null || period.start < row.nextBillOn) continue;
    if (period.start > today) {
      next = period.start;
      break;
    }
    const invoice = await createAgreementInvoice(tx, deps, {
      agreementId: row.id,
      agreementNumber: row.number,
      companyId: row.companyId,
      job: null,
      periodStart: period.start,
      periodEnd: period.end,
      lineName: advanceLineName(row, period.start, period.end),
      amountCents: amounts[i]!,
      issue: deps.issue,
      now: deps.now,
    });
    if (invoice) {
      await writeShares(tx, row, invoice.id, period, locationIds);
      created++;
    }
  }
  await tx.update(agreements).set({ nextBillOn: next }).where(eq(agreements.id, row.id));
  return created;
}
