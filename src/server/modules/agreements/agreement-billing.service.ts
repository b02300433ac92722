/**
 * Billing of service agreements (issue 29 item 3, decision 052), run by the visit generator in its
 * transaction and under its advisory lock: the advance invoices due by today (monthly, quarterly,
 * annually; `next_bill_on` is the next period to bill, so a server that was down bills every
 * period it missed), the per-visit invoices of completed visit jobs, and the deferred revenue
 * parts of each advance invoice. Invoices are written by the invoices module.
 */
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
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
  lastBilledPeriodEnd,
  withdrawFutureAgreementInvoices,
} from '../invoices/index.js';
import type { AgreementRow } from './agreements.repo.js';
import { ruleOf } from './agreements.service.js';

const BATCH = 500;

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
  const visits = earningVisits(planDates, period, locationIds);
  await tx.insert(agreementRevenueShares).values(
    visits.map((v, i) => ({
      invoiceId,
      position: i + 1,
      shareCount: visits.length,
      agreementId: row.id,
      visitDate: v.visitDate,
      period: v.visitDate ? `${v.visitDate.slice(0, 7)}-01` : null,
      locationId: v.locationId,
      // No visit in the whole plan: earned when the period ends.
      earnedOn: v.visitDate ? null : period.end,
    })),
  );
  // Visits already completed (an invoice made late, after its visit): earned on their completion day.
  await tx.execute(sql`
    update ${agreementRevenueShares} r set earned_on = (j.completed_at at time zone coalesce(
        (select s.value->>'time_zone' from settings s where s.key = 'company'), 'America/New_York'))::date
    from ${agreementVisits} v join ${jobs} j on j.id = v.job_id
    where r.invoice_id = ${invoiceId}::uuid and v.agreement_id = r.agreement_id and v.period = r.period
      and v.location_id = r.location_id and j.status = 'completed' and j.completed_at is not null`);
}

export interface BillingOutcome {
  invoicesCreated: number;
}

/**
 * Bills what is due by `today`: every advance period of an active agreement starting on or before
 * today (catching up after downtime), then every completed visit job of a per-visit agreement that
 * has no invoice yet. Idempotent: the invoices' unique keys stop a second invoice for a period or
 * a job, and `next_bill_on` moves past what was billed.
 */
export async function billDue(
  tx: Executor,
  deps: { storage: FileStorage; now: Date; issue: boolean },
  today: string,
): Promise<BillingOutcome> {
  let created = 0;
  // Agreements written before billing existed (or by a bulk insert such as the demo seed) have no
  // next billing date and no invoice yet: give them one first.
  const unset = await tx
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      and(
        eq(agreements.status, 'active'),
        sql`${agreements.billingPlan} <> 'per_visit'`,
        isNull(agreements.nextBillOn),
        sql`not exists (select 1 from ${jobInvoices} i where i.agreement_id = ${agreements.id} and i.job_id is null)`,
      ),
    );
  for (const { id } of unset) await refreshNextBillOn(tx, id);
  let after: string | null = null;
  for (;;) {
    const batch: AgreementRow[] = await tx
      .select()
      .from(agreements)
      .where(
        and(
          eq(agreements.status, 'active'),
          lte(agreements.nextBillOn, today),
          after ? gt(agreements.id, after) : undefined,
        ),
      )
      .orderBy(asc(agreements.id))
      .limit(BATCH);
    for (const row of batch) created += await billAdvance(tx, deps, row, today);
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.id;
  }

  const visits = await completedVisitJobsToBill(tx);
  const rows = new Map<string, { row: AgreementRow; slots: string[] }>();
  for (const visit of visits) {
    let entry = rows.get(visit.agreementId);
    if (!entry) {
      const [row] = await tx.select().from(agreements).where(eq(agreements.id, visit.agreementId));
      if (!row) continue;
      // The term's visits in (date, location) order: the price is spread over them (decision 052).
      const locations = await locationIdsOf(tx, row.id);
      const dates = visitDates(ruleOf(row), row.startDate, row.startDate, row.endDate);
      entry = { row, slots: dates.flatMap((d) => locations.map((l) => `${d}|${l}`)) };
      rows.set(visit.agreementId, entry);
    }
    const { row, slots } = entry;
    const index = slots.indexOf(`${visit.visitDate}|${visit.locationId}`) + 1;
    // A visit the current plan no longer has (an edited plan) bills the plan's average visit.
    const amount = perVisitAmountCents(toCents(row.price), slots.length, index > 0 ? index : 1);
    const invoice = await createAgreementInvoice(tx, deps, {
      agreementId: row.id,
      agreementNumber: row.number,
      companyId: row.companyId,
      job: { id: visit.jobId, number: visit.jobNumber },
      periodStart: visit.visitDate,
      periodEnd: visit.visitDate,
      lineName: visitLineName(row, visit.visitDate),
      amountCents: amount,
      issue: deps.issue,
      now: deps.now,
    });
    if (invoice) created++;
  }
  return { invoicesCreated: created };
}

async function billAdvance(
  tx: Executor,
  deps: { storage: FileStorage; now: Date; issue: boolean },
  row: AgreementRow,
  today: string,
): Promise<number> {
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
