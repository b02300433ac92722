/**
 * An invoice's money in the database (issue 27): the snapshot its tax is computed from (each line's
 * taxable flag; the unit's taxable flag and label; the tax group's code, name and rate), its
 * discounts, and the stored figures subtotal / discount / tax / amount, all from `invoiceTotals`.
 *
 * A draft's snapshot is refreshed on every write (creation, edit, discount), so a draft follows
 * Settings; an issued invoice is never written again, so it never changes when Settings do.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  INSPECTION_FEE_CODE,
  invoiceTotals,
  type InvoiceTotals,
  type TotalsDiscount,
  type TotalsInput,
} from '../../../domain/invoices/index.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import { type Executor } from '../../db/client.js';
import {
  agreementUnits,
  jobInvoiceDiscounts,
  jobInvoiceLines,
  jobInvoices,
  jobItemPrices,
  jobs,
  taxGroups,
  units,
} from '../../db/schema.js';
import { createSettingsRepo } from '../settings/index.js';

export interface InvoiceDiscountRow {
  id: string;
  kind: 'amount' | 'percent';
  amountCents: number | null;
  percent: number | null;
  reason: string;
}

/** The discounts of an invoice, oldest first. */
export async function readDiscounts(exec: Executor, invoiceId: string): Promise<InvoiceDiscountRow[]> {
  const rows = await exec
    .select()
    .from(jobInvoiceDiscounts)
    .where(eq(jobInvoiceDiscounts.invoiceId, invoiceId))
    .orderBy(asc(jobInvoiceDiscounts.createdAt), asc(jobInvoiceDiscounts.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as 'amount' | 'percent',
    amountCents: r.amount === null ? null : toCents(r.amount),
    percent: r.percent === null ? null : Number(r.percent),
    reason: r.reason,
  }));
}

const asTotalsDiscount = (d: InvoiceDiscountRow): TotalsDiscount =>
  d.kind === 'amount'
    ? { kind: 'amount', amountCents: d.amountCents ?? 0, reason: d.reason }
    : { kind: 'percent', percent: d.percent ?? 0, reason: d.reason };

/** The totals of an invoice from its stored snapshot (what every screen, the PDF and the e-mail show). */
export async function readInvoiceTotals(
  exec: Executor,
  invoiceId: string,
): Promise<{ totals: InvoiceTotals; discounts: InvoiceDiscountRow[] }> {
  const [head] = await exec
    .select({
      taxGroupCode: jobInvoices.taxGroupCode,
      taxGroupName: jobInvoices.taxGroupName,
      taxRate: jobInvoices.taxRate,
      unitTaxable: jobInvoices.unitTaxable,
      unitLabel: jobInvoices.unitLabel,
    })
    .from(jobInvoices)
    .where(eq(jobInvoices.id, invoiceId));
  const lines = await exec
    .select({
      quantity: jobInvoiceLines.quantity,
      unitPrice: jobInvoiceLines.unitPrice,
      taxable: jobInvoiceLines.taxable,
    })
    .from(jobInvoiceLines)
    .where(eq(jobInvoiceLines.invoiceId, invoiceId))
    .orderBy(asc(jobInvoiceLines.position));
  const discounts = await readDiscounts(exec, invoiceId);
  const input = totalsInputOf(
    head ?? null,
    lines.map((l) => ({ quantity: Number(l.quantity), unitCents: toCents(l.unitPrice), taxable: l.taxable })),
    discounts,
  );
  return { totals: invoiceTotals(input), discounts };
}

/** An invoice's tax snapshot (the job_invoices columns refreshTaxSnapshot writes). */
export interface TaxSnapshot {
  taxGroupCode: string | null;
  taxGroupName: string | null;
  taxRate: string | null;
  unitTaxable: boolean;
  unitLabel: string | null;
}

/** What invoiceTotals computes an invoice's figures from: its snapshot, lines and discounts. */
export function totalsInputOf(
  head: TaxSnapshot | null,
  lines: TotalsInput['lines'],
  discounts: readonly InvoiceDiscountRow[],
): TotalsInput {
  return {
    lines,
    discounts: discounts.map(asTotalsDiscount),
    taxGroupCode: head?.taxGroupCode ?? null,
    taxGroups:
      head?.taxGroupCode && head.taxRate !== null
        ? [{ code: head.taxGroupCode, name: head.taxGroupName ?? head.taxGroupCode, rate: head.taxRate }]
        : [],
    unit: head ? { taxable: head.unitTaxable, label: head.unitLabel ?? '' } : null,
  };
}

/**
 * The snapshot a unit gives a draft (refreshTaxSnapshot's rule, also used by the agreement
 * generator's batch, which computes it before the invoices exist): the unit's trimmed tax group
 * code, the active group of that code (case-insensitive), its taxable flag and number. No unit:
 * taxable, no group.
 */
export function taxSnapshotOf(
  unit: { taxable: boolean | null; taxGroupCode: string | null; unitNumber: string | null } | null,
  activeGroups: readonly { code: string; name: string; rate: string }[],
): TaxSnapshot {
  const code = unit?.taxGroupCode?.trim() || null;
  const group = code ? activeGroups.find((g) => g.code.toUpperCase() === code.toUpperCase()) : undefined;
  return {
    taxGroupCode: group?.code ?? code,
    taxGroupName: group?.name ?? null,
    taxRate: group?.rate ?? null,
    unitTaxable: unit?.taxable ?? true,
    unitLabel: unit?.unitNumber ?? null,
  };
}

/** The active tax groups (taxSnapshotOf's second argument). */
export async function activeTaxGroups(exec: Executor): Promise<{ code: string; name: string; rate: string }[]> {
  return exec
    .select({ code: taxGroups.code, name: taxGroups.name, rate: taxGroups.rate })
    .from(taxGroups)
    .where(eq(taxGroups.active, true));
}

/**
 * Refreshes a draft's snapshot from the job's unit, the active tax groups, the company's "labor is
 * taxable" setting and the price book: a line is taxable when its item is (parts: yes; labor: per
 * the setting; items: the price book's is_taxable, yes when not in it; the inspection fee: no,
 * decision 035; a line typed on the edit screen: yes), and the unit's group's rate is copied.
 */
export async function refreshTaxSnapshot(exec: Executor, invoiceId: string): Promise<void> {
  const [unit] = await exec
    .select({ taxable: units.taxable, taxGroupCode: units.taxGroupCode, unitNumber: units.unitNumber })
    .from(jobInvoices)
    .leftJoin(jobs, eq(jobs.id, jobInvoices.jobId))
    // An agreement's advance invoice has no job: its first covered unit (by unit number) decides
    // the tax (decision 052).
    .leftJoin(
      units,
      sql`${units.id} = coalesce(${jobs.unitId}, case when ${jobInvoices.jobId} is null then (
        select au.unit_id from ${agreementUnits} au join ${units} u2 on u2.id = au.unit_id
        where au.agreement_id = ${jobInvoices.agreementId} order by u2.unit_number, u2.id limit 1) end)`,
    )
    .where(eq(jobInvoices.id, invoiceId));
  const code = unit?.taxGroupCode?.trim() || null;
  const groups = code
    ? await exec
        .select({ code: taxGroups.code, name: taxGroups.name, rate: taxGroups.rate })
        .from(taxGroups)
        .where(and(sql`upper(${taxGroups.code}) = upper(${code})`, eq(taxGroups.active, true)))
        .limit(1)
    : [];
  await exec
    .update(jobInvoices)
    .set(taxSnapshotOf(unit ?? null, groups))
    .where(eq(jobInvoices.id, invoiceId));

  const laborTaxable = (await createSettingsRepo(exec).getCompany()).labor_taxable ?? false;
  await exec
    .update(jobInvoiceLines)
    .set({
      taxable: sql`case
        when upper(${jobInvoiceLines.code}) = ${INSPECTION_FEE_CODE} then false
        when ${jobInvoiceLines.itemType} = 'labor' then ${laborTaxable}
        when ${jobInvoiceLines.itemType} = 'item' then coalesce(
          (select p.is_taxable from ${jobItemPrices} p where p.code = ${jobInvoiceLines.code}), true)
        else true end`,
    })
    .where(eq(jobInvoiceLines.invoiceId, invoiceId));
}

/** Refreshes a draft's snapshot and stores its figures; returns them. */
export async function storeDraftTotals(exec: Executor, invoiceId: string): Promise<InvoiceTotals> {
  await refreshTaxSnapshot(exec, invoiceId);
  const { totals } = await readInvoiceTotals(exec, invoiceId);
  await exec
    .update(jobInvoices)
    .set({
      subtotal: centsToDecimal(totals.subtotalCents),
      discount: centsToDecimal(totals.discountCents),
      tax: centsToDecimal(totals.taxCents),
      amount: centsToDecimal(totals.totalCents),
      updatedAt: sql`now()`,
    })
    .where(eq(jobInvoices.id, invoiceId));
  return totals;
}

export async function insertDiscount(
  exec: Executor,
  invoiceId: string,
  d: { kind: 'amount' | 'percent'; amountCents?: number; percent?: number; reason: string; createdBy: string | null },
): Promise<void> {
  await exec.insert(jobInvoiceDiscounts).values({
    invoiceId,
    kind: d.kind,
    amount: d.kind === 'amount' ? centsToDecimal(d.amountCents ?? 0) : null,
    percent: d.kind === 'percent' ? String(d.percent) : null,
    reason: d.reason,
    createdBy: d.createdBy,
  });
}

/** Removes one discount of the invoice; false when it is not there. */
export async function deleteDiscount(exec: Executor, invoiceId: string, discountId: string): Promise<boolean> {
  const rows = await exec
    .delete(jobInvoiceDiscounts)
    .where(and(eq(jobInvoiceDiscounts.invoiceId, invoiceId), eq(jobInvoiceDiscounts.id, discountId)))
    .returning({ id: jobInvoiceDiscounts.id });
  return rows.length > 0;
}
