/**
 * Service agreement invoices (issue 29 item 3, decision 052), written by the invoices module (it
 * owns job_invoices) inside the agreement generator's transaction: an advance invoice names its
 * agreement and billing period and has no job; a per-visit invoice bills the visit's job. Both are
 * numbered, taxed (invoiceTotals through storeDraftTotals) and issued like every other invoice.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { agreementInvoiceNumber } from '../../../domain/agreements/billing.js';
import { billToFor, invoiceNumber, dueDateFor, type InvoiceStatus } from '../../../domain/invoices/index.js';
import { dateInZone } from '../../../domain/dates.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import { queryRows, type Executor } from '../../db/client.js';
import { jobInvoicePayments, jobInvoices, jobs } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { createSettingsRepo } from '../settings/index.js';
import { createInvoicesWritesRepo, billToColumns } from './invoices-writes.repo.js';
import { storeDraftTotals } from './invoice-totals.repo.js';
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
