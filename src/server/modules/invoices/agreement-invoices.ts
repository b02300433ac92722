/**
 * Service agreement invoices (issue 29 item 3, decision 052), written by the invoices module (it
 * owns job_invoices) inside the agreement generator's transaction: an advance invoice names its
 * agreement and billing period and has no job; a per-visit invoice bills the visit's job. Both are
 * numbered, taxed (invoiceTotals through storeDraftTotals) and issued like every other invoice.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { agreementInvoiceNumber } from '../../../domain/agreements/billing.js';
import {
  billToFor,
  invoiceNumber,
  invoiceTotals,
  dueDateFor,
  type CompanyBilling,
  type InvoiceStatus,
  type UnitBilling,
} from '../../../domain/invoices/index.js';
import { dateInZone } from '../../../domain/dates.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import { queryRows, type Executor } from '../../db/client.js';
import { jobInvoicePayments, jobInvoices, jobs } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { createSettingsRepo } from '../settings/index.js';
import { createInvoicesWritesRepo, billToColumns } from './invoices-writes.repo.js';
import { activeTaxGroups, storeDraftTotals, taxSnapshotOf, totalsInputOf } from './invoice-totals.repo.js';
import { sendInvoice } from './invoices.service.js';

const NUMBER_ATTEMPTS = 20;

export interface AgreementInvoiceValues {
  agreementId: string;
  agreementNumber: number;
  /** The company billed (an advance invoice's Bill To is the agreement's company). */
  companyId: string;
  /** The visit's job (per-visit billing); null for an advance invoice. */
  job: { id: string; number: number } | null;
  periodStart: string;
  periodEnd: string;
  lineName: string;
  amountCents: number;
  /** Issue (send) it at once (Settings > Company "Agreement Invoices"); else a draft. */
  issue: boolean;
  now: Date;
  random?: () => number;
}

export interface AgreementInvoiceCreated {
  id: string;
  number: string;
  status: InvoiceStatus;
  /** Pre-tax amount in cents (what deferred revenue spreads over the visits). */
  preTaxCents: number;
}

/**
 * Creates the invoice unless the agreement's key (period, or visit job) already has one: null then,
 * so a second run or a second server creates nothing. Issued at once when asked and the Bill To
 * (or job contact) has an e-mail; without one it stays a draft with a history note saying why.
 */
export async function createAgreementInvoice(
  tx: Executor,
  deps: { storage: FileStorage },
  values: AgreementInvoiceValues,
): Promise<AgreementInvoiceCreated | null> {
  const writes = createInvoicesWritesRepo(tx);
  if (await agreementInvoiceExists(tx, values)) return null;
  const company = await createSettingsRepo(tx).getCompany();
  const dueDate = dueDateFor(dateInZone(values.now, company.time_zone));
  // A per-visit invoice is addressed like any invoice of its job; an advance invoice's Bill To is
  // written once the row exists (billingPartyOfInvoice reads the agreement through it).
  const jobParty = values.job ? await writes.billingPartyOf(values.job.id, tx) : null;
  const billTo = jobParty ? billToFor(jobParty.unit, jobParty.company) : billToFor(null, null);
  const random = values.random ?? Math.random;
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
    const number = values.job
      ? invoiceNumber(values.job.number, random)
      : agreementInvoiceNumber(values.agreementNumber, random);
    const [row] = await tx
      .insert(jobInvoices)
      .values({
        jobId: values.job?.id ?? null,
        agreementId: values.agreementId,
        periodStart: values.periodStart,
        periodEnd: values.periodEnd,
        invoiceNumber: number,
        invoiceType: 'standard',
        amount: centsToDecimal(values.amountCents),
        status: 'draft',
        dueDate,
        createdBy: null,
        ...billToColumns(billTo),
      })
      .onConflictDoNothing()
      .returning({ id: jobInvoices.id });
    if (!row) {
      // Either the number was drawn before (draw again) or the period was billed meanwhile.
      if (await agreementInvoiceExists(tx, values)) return null;
      continue;
    }
    if (!values.job) {
      const party = await writes.billingPartyOfInvoice(row.id, tx);
      await writes.updateInvoice(row.id, billToColumns(billToFor(party.unit, party.company)), tx);
    }
    await writes.replaceLines(
      row.id,
      [
        {
          code: 'AGREEMENT',
          name: values.lineName,
          itemType: null,
          quantity: 1,
          jobItemId: null,
          unitCents: values.amountCents,
          totalCents: values.amountCents,
        },
      ],
      tx,
    );
    const totals = await storeDraftTotals(tx, row.id);
    await writes.recordStatusChange(
      {
        invoiceId: row.id,
        fromStatus: null,
        toStatus: 'draft',
        note: 'Created by the agreement generator',
        changedBy: null,
      },
      tx,
    );
    let status: InvoiceStatus = 'draft';
    if (values.issue) {
      try {
        await sendInvoice(tx, { storage: deps.storage, now: values.now }, { invoiceId: row.id, changedBy: null });
        status = 'issued';
      } catch (error) {
        // No e-mail to send it to: it waits as a draft for the office (checked before any write).
        if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
        await writes.recordStatusChange(
          {
            invoiceId: row.id,
            fromStatus: 'draft',
            toStatus: 'draft',
            note: 'Not sent: the customer has no billing e-mail',
            changedBy: null,
          },
          tx,
        );
      }
    }
    return { id: row.id, number, status, preTaxCents: totals.subtotalCents - totals.discountCents };
  }
  throw new AppError(409, 'CONFLICT', 'No free invoice number for this agreement');
}

/** One draft of createAgreementInvoiceDrafts: an agreement invoice's values without the send. */
export type AgreementInvoiceDraft = Omit<AgreementInvoiceValues, 'issue' | 'now' | 'random'>;

/**
 * A Postgres array literal of text values (quoted and escaped, NULL for null), for unnest().
 * Line names hold commas, parentheses and quotes, so the plain `{a,b}` form would not do.
 */
export const textArray = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

const keyOf = (v: { agreementId: string; jobId: string | null; periodStart: string }) =>
  v.jobId ? `${v.agreementId}|job|${v.jobId}` : `${v.agreementId}|period|${v.periodStart}`;

interface PartyRow {
  key: string;
  company_id: string | null;
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  unit_id: string | null;
  billing_entity: string | null;
  billing_email: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_zip: string | null;
  taxable: boolean | null;
  tax_group_code: string | null;
  unit_number: string | null;
}

/**
 * The unit and company each draft is addressed and taxed from, in two statements: a per-visit
 * invoice's job's unit and its location's company (billingPartyOf, refreshTaxSnapshot); an advance
 * invoice's agreement's company and its first covered unit by unit number (billingPartyOfInvoice,
 * refreshTaxSnapshot; decision 052). Keyed by job id or agreement id.
 */
async function partiesOf(tx: Executor, jobIds: string[], agreementIds: string[]): Promise<Map<string, PartyRow>> {
  const unitColumns = sql.raw(`u.id as unit_id, u.billing_entity, u.billing_email, u.billing_city, u.billing_state,
    u.billing_zip, u.taxable, u.tax_group_code, u.unit_number`);
  const companyColumns = sql.raw(`c.id as company_id, c.name, c.address, c.city, c.state, c.zip`);
  const rows = [
    ...(jobIds.length
      ? await queryRows<PartyRow>(
          tx,
          sql`select j.id::text as key, ${companyColumns}, ${unitColumns}
              from jobs j left join locations l on l.id = j.location_id
              left join companies c on c.id = l.company_id left join units u on u.id = j.unit_id
              where j.id = any(${textArray(jobIds)}::uuid[])`,
        )
      : []),
    ...(agreementIds.length
      ? await queryRows<PartyRow>(
          tx,
          sql`select a.id::text as key, ${companyColumns}, ${unitColumns}
              from agreements a left join companies c on c.id = a.company_id
              left join lateral (
                select u2.* from agreement_units au join units u2 on u2.id = au.unit_id
                where au.agreement_id = a.id order by u2.unit_number, u2.id limit 1) u on true
              where a.id = any(${textArray(agreementIds)}::uuid[])`,
        )
      : []),
  ];
  return new Map(rows.map((r) => [r.key, r]));
}

const unitBillingOf = (r: PartyRow | undefined): UnitBilling | null =>
  r?.unit_id
    ? {
        billingEntity: r.billing_entity,
        billingEmail: r.billing_email,
        billingCity: r.billing_city,
        billingState: r.billing_state,
        billingZip: r.billing_zip,
      }
    : null;
const companyBillingOf = (r: PartyRow | undefined): CompanyBilling | null =>
  r?.company_id ? { name: r.name, address: r.address, city: r.city, state: r.state, zip: r.zip } : null;

/**
 * Many draft agreement invoices in a handful of statements (the generator's batch; issue 29 "Scale
 * and speed", decision 058), with exactly what createAgreementInvoice writes one by one: the number
 * (AGR-…-INV-… or JOB-…-INV-…, drawn again on a clash), Bill To, the one AGREEMENT line (a typed
 * line: taxable), the tax snapshot and figures from invoiceTotals, the "Created by the agreement
 * generator" history row. The figures are computed before the insert, so each invoice is written
 * once (its statement triggers run once per batch, not per invoice). A key (period, or visit job)
 * that already has an invoice gets null: a second run or a second server creates nothing.
 */
export async function createAgreementInvoiceDrafts(
  tx: Executor,
  drafts: readonly AgreementInvoiceDraft[],
  options: { now: Date; random?: () => number },
): Promise<(AgreementInvoiceCreated | null)[]> {
  const result: (AgreementInvoiceCreated | null)[] = drafts.map(() => null);
  if (!drafts.length) return result;
  const random = options.random ?? Math.random;
  const keys = drafts.map((d) =>
    keyOf({ agreementId: d.agreementId, jobId: d.job?.id ?? null, periodStart: d.periodStart }),
  );
  const existing = async (indexes: number[]): Promise<Set<string>> => {
    const ids = [...new Set(indexes.map((i) => drafts[i]!.agreementId))];
    const rows = await queryRows<{ agreement_id: string; job_id: string | null; period_start: string | null }>(
      tx,
      sql`select agreement_id, job_id, period_start::text as period_start from ${jobInvoices}
          where agreement_id = any(${textArray(ids)}::uuid[])`,
    );
    return new Set(
      rows.map((r) => keyOf({ agreementId: r.agreement_id, jobId: r.job_id, periodStart: r.period_start ?? '' })),
    );
  };
  const billed = await existing(drafts.map((_, i) => i));
  let pending = drafts.map((_, i) => i).filter((i) => !billed.has(keys[i]!));
  if (!pending.length) return result;

  const company = await createSettingsRepo(tx).getCompany();
  const dueDate = dueDateFor(dateInZone(options.now, company.time_zone));
  const parties = await partiesOf(
    tx,
    [...new Set(pending.flatMap((i) => (drafts[i]!.job ? [drafts[i]!.job!.id] : [])))],
    [...new Set(pending.flatMap((i) => (drafts[i]!.job ? [] : [drafts[i]!.agreementId])))],
  );
  const groups = await activeTaxGroups(tx);
  const prepared = drafts.map((d) => {
    const party = parties.get(d.job ? d.job.id : d.agreementId);
    const unit = party?.unit_id
      ? { taxable: party.taxable, taxGroupCode: party.tax_group_code, unitNumber: party.unit_number }
      : null;
    const snapshot = taxSnapshotOf(unit, groups);
    // The AGREEMENT line is a typed line (no item type, not the inspection fee): taxable.
    const totals = invoiceTotals(
      totalsInputOf(snapshot, [{ quantity: 1, unitCents: d.amountCents, taxable: true }], []),
    );
    return { billTo: billToFor(unitBillingOf(party), companyBillingOf(party)), snapshot, totals };
  });

  for (let attempt = 0; attempt < NUMBER_ATTEMPTS && pending.length; attempt++) {
    const drawn = new Set<string>();
    const numbers = pending.map((i) => {
      const d = drafts[i]!;
      for (;;) {
        const n = d.job ? invoiceNumber(d.job.number, random) : agreementInvoiceNumber(d.agreementNumber, random);
        if (!drawn.has(n)) {
          drawn.add(n);
          return n;
        }
      }
    });
    const col = <T>(f: (i: number) => T) => pending.map(f);
    const p = (i: number) => prepared[i]!;
    const inserted = await queryRows<{ id: string; invoice_number: string; ord: string | number }>(
      tx,
      sql`insert into ${jobInvoices} (job_id, agreement_id, period_start, period_end, invoice_number, invoice_type,
            amount, subtotal, discount, tax, status, due_date, created_by,
            bill_to_name, bill_to_email, bill_to_address, bill_to_city, bill_to_state, bill_to_zip,
            tax_group_code, tax_group_name, tax_rate, unit_taxable, unit_label)
          select x.job_id, x.agreement_id, x.period_start, x.period_end, x.invoice_number, 'standard',
            x.amount, x.subtotal, x.discount, x.tax, 'draft', ${dueDate}::date, null,
            x.bill_to_name, x.bill_to_email, x.bill_to_address, x.bill_to_city, x.bill_to_state, x.bill_to_zip,
            x.tax_group_code, x.tax_group_name, x.tax_rate, x.unit_taxable, x.unit_label
          from unnest(
            ${textArray(col((i) => drafts[i]!.job?.id ?? null))}::uuid[],
            ${textArray(col((i) => drafts[i]!.agreementId))}::uuid[],
            ${textArray(col((i) => drafts[i]!.periodStart))}::date[],
            ${textArray(col((i) => drafts[i]!.periodEnd))}::date[],
            ${textArray(numbers)}::text[],
            ${textArray(col((i) => centsToDecimal(p(i).totals.totalCents)))}::numeric[],
            ${textArray(col((i) => centsToDecimal(p(i).totals.subtotalCents)))}::numeric[],
            ${textArray(col((i) => centsToDecimal(p(i).totals.discountCents)))}::numeric[],
            ${textArray(col((i) => centsToDecimal(p(i).totals.taxCents)))}::numeric[],
            ${textArray(col((i) => p(i).billTo.name))}::text[],
            ${textArray(col((i) => p(i).billTo.email))}::text[],
            ${textArray(col((i) => p(i).billTo.address))}::text[],
            ${textArray(col((i) => p(i).billTo.city))}::text[],
            ${textArray(col((i) => p(i).billTo.state))}::text[],
            ${textArray(col((i) => p(i).billTo.zip))}::text[],
            ${textArray(col((i) => p(i).snapshot.taxGroupCode))}::text[],
            ${textArray(col((i) => p(i).snapshot.taxGroupName))}::text[],
            ${textArray(col((i) => p(i).snapshot.taxRate))}::numeric[],
            ${textArray(col((i) => String(p(i).snapshot.unitTaxable)))}::boolean[],
            ${textArray(col((i) => p(i).snapshot.unitLabel))}::text[])
            with ordinality as x(job_id, agreement_id, period_start, period_end, invoice_number, amount, subtotal,
              discount, tax, bill_to_name, bill_to_email, bill_to_address, bill_to_city, bill_to_state, bill_to_zip,
              tax_group_code, tax_group_name, tax_rate, unit_taxable, unit_label, ord)
          order by x.ord
          on conflict do nothing
          returning id, invoice_number`,
    );
    const byNumber = new Map(inserted.map((r) => [r.invoice_number, r.id]));
    const made: { index: number; id: string; number: string }[] = [];
    const missed: number[] = [];
    pending.forEach((i, k) => {
      const id = byNumber.get(numbers[k]!);
      if (id) made.push({ index: i, id, number: numbers[k]! });
      else missed.push(i);
    });
    if (made.length) {
      await tx.execute(
        sql`insert into job_invoice_lines (invoice_id, position, code, name, item_type, quantity, unit_price, total,
              job_item_id, taxable)
            select l.invoice_id, 1, 'AGREEMENT', l.name, null, 1, l.price, l.price, null, true
            from unnest(${textArray(made.map((m) => m.id))}::uuid[], ${textArray(made.map((m) => drafts[m.index]!.lineName))}::text[],
                        ${textArray(made.map((m) => centsToDecimal(drafts[m.index]!.amountCents)))}::numeric[])
              as l(invoice_id, name, price)`,
      );
      await tx.execute(
        sql`insert into job_invoice_status_changes (invoice_id, from_status, to_status, note, changed_by)
            select h.invoice_id, null, 'draft', 'Created by the agreement generator', null
            from unnest(${textArray(made.map((m) => m.id))}::uuid[]) as h(invoice_id)`,
      );
      for (const m of made) {
        const t = prepared[m.index]!.totals;
        result[m.index] = {
          id: m.id,
          number: m.number,
          status: 'draft',
          preTaxCents: t.subtotalCents - t.discountCents,
        };
      }
    }
    // Either the number was drawn before (draw again) or the key was billed meanwhile (skip).
    const now = missed.length ? await existing(missed) : new Set<string>();
    pending = missed.filter((i) => !now.has(keys[i]!));
  }
  if (pending.length) throw new AppError(409, 'CONFLICT', 'No free invoice number for this agreement');
  return result;
}

async function agreementInvoiceExists(
  tx: Executor,
  values: Pick<AgreementInvoiceValues, 'agreementId' | 'job' | 'periodStart'>,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: jobInvoices.id })
    .from(jobInvoices)
    .where(
      values.job
        ? and(eq(jobInvoices.agreementId, values.agreementId), eq(jobInvoices.jobId, values.job.id))
        : and(
            eq(jobInvoices.agreementId, values.agreementId),
            isNull(jobInvoices.jobId),
            eq(jobInvoices.periodStart, values.periodStart),
          ),
    )
    .limit(1);
  return !!row;
}

/**
 * Cancel (decision 052): the agreement's draft advance invoices with no payment whose billing
 * period starts today or later (nothing of it delivered yet) are deleted (lines, shares and history go by cascade); issued ones,
 * and the period already running, stay. Returns how many went.
 */
export async function withdrawFutureAgreementInvoices(
  tx: Executor,
  agreementId: string,
  today: string,
): Promise<number> {
  const rows = await tx
    .delete(jobInvoices)
    .where(
      and(
        eq(jobInvoices.agreementId, agreementId),
        isNull(jobInvoices.jobId),
        eq(jobInvoices.status, 'draft'),
        sql`${jobInvoices.periodStart} >= ${today}::date`,
        sql`not exists (select 1 from ${jobInvoicePayments} p where p.invoice_id = ${jobInvoices.id})`,
      ),
    )
    .returning({ id: jobInvoices.id });
  return rows.length;
}

/** The latest billing period end invoiced for an agreement (advance invoices, any status but void). */
export async function lastBilledPeriodEnd(tx: Executor, agreementId: string): Promise<string | null> {
  const [row] = await tx
    .select({ end: sql<string | null>`max(${jobInvoices.periodEnd})::text` })
    .from(jobInvoices)
    .where(and(eq(jobInvoices.agreementId, agreementId), isNull(jobInvoices.jobId)));
  return row?.end ?? null;
}

/**
 * Completed visit jobs of per-visit agreements with no agreement invoice yet (whatever the
 * agreement's status now: the work was done under it), oldest visit first.
 */
export async function completedVisitJobsToBill(
  tx: Executor,
): Promise<{ agreementId: string; jobId: string; jobNumber: number; visitDate: string; locationId: string }[]> {
  const rows = await queryRows<{
    agreement_id: string;
    job_id: string;
    job_number: number;
    visit_date: string;
    location_id: string;
  }>(
    tx,
    sql`
    select v.agreement_id, v.job_id, j.number as job_number, v.visit_date::text as visit_date, v.location_id
    from agreements a join agreement_visits v on v.agreement_id = a.id join ${jobs} j on j.id = v.job_id
    where a.billing_plan = 'per_visit' and j.status = 'completed'
      and not exists (select 1 from ${jobInvoices} i where i.agreement_id = v.agreement_id and i.job_id = v.job_id)
    order by v.agreement_id, v.visit_date, v.location_id`,
  );
  return rows.map((r) => ({
    agreementId: r.agreement_id,
    jobId: r.job_id,
    jobNumber: Number(r.job_number),
    visitDate: r.visit_date,
    locationId: r.location_id,
  }));
}

/** The agreement's invoices for its detail page's Invoices card, newest period first. */
export async function invoicesOfAgreement(exec: Executor, agreementId: string, limit = 100) {
  const rows = await exec
    .select({
      id: jobInvoices.id,
      invoiceNumber: jobInvoices.invoiceNumber,
      status: jobInvoices.status,
      jobId: jobInvoices.jobId,
      periodStart: jobInvoices.periodStart,
      periodEnd: jobInvoices.periodEnd,
      issuedDate: jobInvoices.issuedDate,
      dueDate: jobInvoices.dueDate,
      amount: jobInvoices.amount,
      amountPaid: jobInvoices.amountPaid,
      tax: jobInvoices.tax,
    })
    .from(jobInvoices)
    .where(eq(jobInvoices.agreementId, agreementId))
    .orderBy(sql`${jobInvoices.periodStart} desc, ${jobInvoices.createdAt} desc`)
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    invoiceNumber: r.invoiceNumber,
    status: r.status as InvoiceStatus,
    jobId: r.jobId,
    periodStart: r.periodStart!,
    periodEnd: r.periodEnd!,
    issuedDate: r.issuedDate,
    dueDate: r.dueDate,
    amountCents: toCents(r.amount),
    taxCents: toCents(r.tax),
    balanceCents: toCents(r.amount) - toCents(r.amountPaid),
  }));
}
