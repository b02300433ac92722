/**
 * Every write to invoices (job_invoices, their lines and status changes) and the reads of a job
 * that creating one needs (locked job, billable items and repairs).
 */
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import {
  type BilledJobItem,
  type BillTo,
  type CompanyBilling,
  type UnitBilling,
  type BillableItem,
  type BillableRepair,
  type InvoiceItemType,
  type InvoiceLineDraft,
  type InvoiceStatus,
  type InvoiceType,
} from '../../../domain/invoices/index.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import { REPAIR_PHASE_LABELS, type RepairPhase } from '../../../domain/repairs.js';
import { type Executor } from '../../db/client.js';
import { readJobItemAmounts } from '../jobs/index.js';
import {
  agreementUnits,
  companies,
  jobInvoiceLines,
  jobInvoices,
  jobInvoiceStatusChanges,
  jobRepairs,
  jobs,
  locations,
  units,
} from '../../db/schema.js';

/** Bill To as job_invoices columns. */
export const billToColumns = (b: BillTo) => ({
  billToName: b.name,
  billToEmail: b.email,
  billToAddress: b.address,
  billToCity: b.city,
  billToState: b.state,
  billToZip: b.zip,
});

export interface InvoiceInsert {
  jobId: string;
  invoiceNumber: string;
  invoiceType: InvoiceType;
  amountCents: number;
  dueDate: string;
  createdBy: string | null;
  billTo: BillTo;
  rebillReason: string | null;
}

export function createInvoicesWritesRepo(db: Executor) {
  return {
    async recordStatusChange(
      change: {
        invoiceId: string;
        fromStatus: InvoiceStatus | null;
        toStatus: InvoiceStatus;
        note?: string | null;
        changedBy: string | null;
      },
      exec: Executor = db,
    ): Promise<void> {
      await exec.insert(jobInvoiceStatusChanges).values({
        invoiceId: change.invoiceId,
        fromStatus: change.fromStatus,
        toStatus: change.toStatus,
        note: change.note ?? null,
        changedBy: change.changedBy,
      });
    },

    /** Locks the job row for the rest of the transaction (two invoices created at once are numbered one after the other). */
    async lockJob(jobId: string, exec: Executor = db): Promise<{ id: string; number: number } | null> {
      const [row] = await exec
        .select({ id: jobs.id, number: jobs.number })
        .from(jobs)
        .where(eq(jobs.id, jobId))
        .for('update');
      return row ?? null;
    },

    async readBillableItems(jobId: string, exec: Executor = db): Promise<BillableItem[]> {
      return (await readJobItemAmounts(exec, jobId)).map((item) => ({ ...item, type: item.type as InvoiceItemType }));
    },

    async readBillableRepairs(jobId: string, exec: Executor = db): Promise<BillableRepair[]> {
      const rows = await exec
        .select({ totalCost: jobRepairs.totalCost, selectedPhase: jobRepairs.selectedPhase })
        .from(jobRepairs)
        .where(eq(jobRepairs.jobId, jobId))
        .orderBy(asc(jobRepairs.updatedAt), asc(jobRepairs.id));
      return rows.map((r) => ({
        totalCents: toCents(r.totalCost),
        label: REPAIR_PHASE_LABELS[r.selectedPhase as RepairPhase] ?? r.selectedPhase,
      }));
    },

    /** Inserts the invoice unless its number is taken; null on a clash (the caller draws another number). */
    async insertInvoiceIfNumberFree(invoice: InvoiceInsert, exec: Executor = db): Promise<{ id: string } | null> {
      const [row] = await exec
        .insert(jobInvoices)
        .values({
          jobId: invoice.jobId,
          invoiceNumber: invoice.invoiceNumber,
          invoiceType: invoice.invoiceType,
          amount: centsToDecimal(invoice.amountCents),
          status: 'draft',
          dueDate: invoice.dueDate,
          createdBy: invoice.createdBy,
          ...billToColumns(invoice.billTo),
          rebillReason: invoice.rebillReason,
        })
        .onConflictDoNothing({ target: jobInvoices.invoiceNumber })
        .returning({ id: jobInvoices.id });
      return row ?? null;
    },

    /** Replaces the invoice's lines with these (positions 1..n). */
    async replaceLines(invoiceId: string, lines: readonly InvoiceLineDraft[], exec: Executor = db): Promise<void> {
      await exec.delete(jobInvoiceLines).where(eq(jobInvoiceLines.invoiceId, invoiceId));
      if (!lines.length) return;
      await exec.insert(jobInvoiceLines).values(
        lines.map((l, i) => ({
          invoiceId,
          position: i + 1,
          code: l.code,
          name: l.name,
          itemType: l.itemType,
          quantity: String(l.quantity),
          unitPrice: centsToDecimal(l.unitCents),
          total: centsToDecimal(l.totalCents),
          jobItemId: l.jobItemId,
        })),
      );
    },

    /** The job item each of the invoice's lines was copied from, by line id. */
    async lineJobItems(invoiceId: string, exec: Executor = db): Promise<Map<string, string>> {
      const rows = await exec
        .select({ id: jobInvoiceLines.id, jobItemId: jobInvoiceLines.jobItemId })
        .from(jobInvoiceLines)
        .where(and(eq(jobInvoiceLines.invoiceId, invoiceId), isNotNull(jobInvoiceLines.jobItemId)));
      return new Map(rows.map((r) => [r.id, r.jobItemId!]));
    },

    /** The lines of the job's other invoices that came from job items (void ones too: the domain rule skips them). */
    async billedJobItems(jobId: string, exceptInvoiceId: string | null, exec: Executor = db): Promise<BilledJobItem[]> {
      const rows = await exec
        .select({
          jobItemId: jobInvoiceLines.jobItemId,
          invoiceId: jobInvoices.id,
          invoiceNumber: jobInvoices.invoiceNumber,
          invoiceStatus: jobInvoices.status,
          name: jobInvoiceLines.name,
          quantity: jobInvoiceLines.quantity,
        })
        .from(jobInvoices)
        .innerJoin(jobInvoiceLines, eq(jobInvoiceLines.invoiceId, jobInvoices.id))
        .where(
          and(
            eq(jobInvoices.jobId, jobId),
            isNotNull(jobInvoiceLines.jobItemId),
            exceptInvoiceId ? ne(jobInvoices.id, exceptInvoiceId) : undefined,
          ),
        )
        .orderBy(asc(jobInvoices.createdAt), asc(jobInvoices.id), asc(jobInvoiceLines.position));
      return rows.map((r) => ({
        jobItemId: r.jobItemId!,
        invoiceId: r.invoiceId,
        invoiceNumber: r.invoiceNumber,
        invoiceStatus: r.invoiceStatus as InvoiceStatus,
        name: r.name,
        quantity: Number(r.quantity),
      }));
    },

    /** What Bill To is decided from: the job's unit's billing fields and its location's company. */
    async billingPartyOf(
      jobId: string,
      exec: Executor = db,
    ): Promise<{ unit: UnitBilling | null; company: CompanyBilling | null }> {
      const [row] = await exec
        .select({
          unitId: units.id,
          billingEntity: units.billingEntity,
          billingEmail: units.billingEmail,
          billingCity: units.billingCity,
          billingState: units.billingState,
          billingZip: units.billingZip,
          companyId: companies.id,
          name: companies.name,
          address: companies.address,
          city: companies.city,
          state: companies.state,
          zip: companies.zip,
        })
        .from(jobs)
        .leftJoin(locations, eq(locations.id, jobs.locationId))
        .leftJoin(companies, eq(companies.id, locations.companyId))
        .leftJoin(units, eq(units.id, jobs.unitId))
        .where(eq(jobs.id, jobId));
      if (!row) return { unit: null, company: null };
      return {
        unit: row.unitId
          ? {
              billingEntity: row.billingEntity,
              billingEmail: row.billingEmail,
              billingCity: row.billingCity,
              billingState: row.billingState,
              billingZip: row.billingZip,
            }
          : null,
        company: row.companyId
          ? { name: row.name, address: row.address, city: row.city, state: row.state, zip: row.zip }
          : null,
      };
    },

    /**
     * What an invoice's Bill To is decided from: its job's (billingPartyOf), or for an agreement's
     * advance invoice, which has no job, the agreement's company with the billing fields of its
     * first covered unit by unit number, the unit that also decides its tax (decision 052).
     */
    async billingPartyOfInvoice(
      invoiceId: string,
      exec: Executor = db,
    ): Promise<{ unit: UnitBilling | null; company: CompanyBilling | null }> {
      const [inv] = await exec
        .select({ jobId: jobInvoices.jobId, companyId: jobInvoices.companyId })
        .from(jobInvoices)
        .where(eq(jobInvoices.id, invoiceId));
      if (!inv) return { unit: null, company: null };
      if (inv.jobId) return createInvoicesWritesRepo(exec).billingPartyOf(inv.jobId);
      if (!inv.companyId) return { unit: null, company: null };
      const [c] = await exec
        .select({
          name: companies.name,
          address: companies.address,
          city: companies.city,
          state: companies.state,
          zip: companies.zip,
        })
        .from(companies)
        .where(eq(companies.id, inv.companyId));
      const [u] = await exec
        .select({
          billingEntity: units.billingEntity,
          billingEmail: units.billingEmail,
          billingCity: units.billingCity,
          billingState: units.billingState,
          billingZip: units.billingZip,
        })
        .from(jobInvoices)
        .innerJoin(agreementUnits, eq(agreementUnits.agreementId, jobInvoices.agreementId))
        .innerJoin(units, eq(units.id, agreementUnits.unitId))
        .where(eq(jobInvoices.id, invoiceId))
        .orderBy(asc(units.unitNumber), asc(units.id))
        .limit(1);
      return { unit: u ?? null, company: c ?? null };
    },

    /** The invoice's row, locked for the rest of the transaction. */
    async lockInvoice(invoiceId: string, exec: Executor = db) {
      const [row] = await exec
        .select({
          id: jobInvoices.id,
          jobId: jobInvoices.jobId,
          invoiceNumber: jobInvoices.invoiceNumber,
          status: jobInvoices.status,
          dueDate: jobInvoices.dueDate,
          issuedDate: jobInvoices.issuedDate,
          amount: jobInvoices.amount,
          amountPaid: jobInvoices.amountPaid,
          companyId: jobInvoices.companyId,
        })
        .from(jobInvoices)
        .where(eq(jobInvoices.id, invoiceId))
        .for('update');
      return row
        ? {
            ...row,
            status: row.status as InvoiceStatus,
            amountCents: toCents(row.amount),
            paidCents: toCents(row.amountPaid),
          }
        : null;
    },

    async updateInvoice(
      invoiceId: string,
      set: Partial<typeof jobInvoices.$inferInsert>,
      exec: Executor = db,
    ): Promise<void> {
      await exec
        .update(jobInvoices)
        .set({ ...set, updatedAt: sql`now()` })
        .where(and(eq(jobInvoices.id, invoiceId)));
    },

    async deleteInvoice(invoiceId: string, exec: Executor = db): Promise<void> {
      await exec.delete(jobInvoices).where(eq(jobInvoices.id, invoiceId));
    },
  };
}
