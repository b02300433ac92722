/**
 * One invoice with its lines, history and approval signature, and a job's invoices.
 */
import { displayName } from '../../../domain/display-name.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { InvoiceItemType, InvoiceStatus } from '../../../domain/invoices/index.js';
import { toCents } from '../../../domain/money.js';
import { readTogether, type Executor } from '../../db/client.js';
import {
  agreements,
  companies,
  jobInvoiceLines,
  jobInvoices,
  jobInvoiceStatusChanges,
  jobQuotes,
  jobs,
  locations,
  units,
  users,
} from '../../db/schema.js';
import { jobLatestQuotes } from '../../db/views.js';
import { LIST_FIELDS, listSelect, ORDERS, type ListRow } from './invoices-list.repo.js';

export function createInvoicesDetailRepo(db: Executor) {
  return {
    async jobExists(jobId: string, exec: Executor = db): Promise<boolean> {
      const [row] = await exec.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
      return Boolean(row);
    },

    async jobInvoiceRows(jobId: string, exec: Executor = db): Promise<ListRow[]> {
      return listSelect(exec)
        .where(eq(jobInvoices.jobId, jobId))
        .orderBy(...ORDERS.created);
    },

    /** The invoice's job (null for an agreement's advance invoice); null when there is no such invoice. */
    async invoiceJob(invoiceId: string, exec: Executor = db): Promise<{ jobId: string | null } | null> {
      const [row] = await exec
        .select({ jobId: jobInvoices.jobId })
        .from(jobInvoices)
        .where(eq(jobInvoices.id, invoiceId))
        .limit(1);
      return row ?? null;
    },

    /** The invoice with its job, customer, location, lines and history; null when missing. */
    async readInvoice(invoiceId: string, exec: Executor = db) {
      const [head] = await exec
        .select({
          ...LIST_FIELDS,
          email: jobInvoices.email,
          notes: jobInvoices.notes,
          voidReason: jobInvoices.voidReason,
          voidedDate: jobInvoices.voidedDate,
          serviceLine: jobInvoices.serviceLine,
          customerPo: jobs.customerPo,
          contactName: jobs.contactName,
          contactEmail: jobs.contactEmail,
          contactPhone: jobs.contactPhone,
          address: locations.address,
          city: locations.city,
          state: locations.state,
          zip: locations.zip,
          billingEntity: units.billingEntity,
          billingEmail: units.billingEmail,
          unitNumber: units.unitNumber,
          billToName: jobInvoices.billToName,
          billToEmail: jobInvoices.billToEmail,
          billToAddress: jobInvoices.billToAddress,
          billToCity: jobInvoices.billToCity,
          billToState: jobInvoices.billToState,
          billToZip: jobInvoices.billToZip,
          rebillReason: jobInvoices.rebillReason,
        })
        .from(jobInvoices)
        .leftJoin(jobs, eq(jobs.id, jobInvoices.jobId))
        .leftJoin(locations, eq(locations.id, jobs.locationId))
        // the invoice's own company: an agreement's advance invoice has no job (decision 052)
        .leftJoin(companies, eq(companies.id, jobInvoices.companyId))
        .leftJoin(units, eq(units.id, jobs.unitId))
        .leftJoin(agreements, eq(agreements.id, jobInvoices.agreementId))
        .where(eq(jobInvoices.id, invoiceId));
      if (!head) return null;
      const [lines, history] = await readTogether(exec, [
        () =>
          exec
            .select({
              id: jobInvoiceLines.id,
              position: jobInvoiceLines.position,
              code: jobInvoiceLines.code,
              name: jobInvoiceLines.name,
              itemType: jobInvoiceLines.itemType,
              quantity: jobInvoiceLines.quantity,
              unitPrice: jobInvoiceLines.unitPrice,
              total: jobInvoiceLines.total,
              jobItemId: jobInvoiceLines.jobItemId,
              taxable: jobInvoiceLines.taxable,
            })
            .from(jobInvoiceLines)
            .where(eq(jobInvoiceLines.invoiceId, invoiceId))
            .orderBy(asc(jobInvoiceLines.position)),
        () =>
          exec
            .select({
              id: jobInvoiceStatusChanges.id,
              fromStatus: jobInvoiceStatusChanges.fromStatus,
              toStatus: jobInvoiceStatusChanges.toStatus,
              note: jobInvoiceStatusChanges.note,
              changedAt: jobInvoiceStatusChanges.changedAt,
              firstName: users.firstName,
              lastName: users.lastName,
              username: users.username,
            })
            .from(jobInvoiceStatusChanges)
            .leftJoin(users, eq(users.id, jobInvoiceStatusChanges.changedBy))
            .where(eq(jobInvoiceStatusChanges.invoiceId, invoiceId))
            .orderBy(asc(jobInvoiceStatusChanges.changedAt), asc(jobInvoiceStatusChanges.id)),
      ]);
      return {
        head,
        lines: lines.map((l) => ({
          id: l.id,
          position: l.position,
          code: l.code,
          name: l.name,
          itemType: (l.itemType as InvoiceItemType | null) ?? null,
          quantity: Number(l.quantity),
          unitPriceCents: toCents(l.unitPrice),
          totalCents: toCents(l.total),
          jobItemId: l.jobItemId,
          taxable: l.taxable,
        })),
        history: history.map((h) => ({
          id: h.id,
          fromStatus: (h.fromStatus as InvoiceStatus | null) ?? null,
          toStatus: h.toStatus as InvoiceStatus,
          note: h.note,
          changedAt: h.changedAt.toISOString(),
          changedByName: h.username ? displayName({ ...h, username: h.username }) : null,
        })),
      };
    },

    /**
     * The "Signed by" of an invoice made for approved work: the job's latest quote, when the customer
     * approved it, unless this invoice is a quote's inspection-fee invoice (decision 018, issue 13).
     */
    async approvalSignatureOf(invoiceId: string, jobId: string, exec: Executor = db) {
      const [row] = await exec
        .select({
          quoteId: jobQuotes.id,
          quoteNumber: jobQuotes.quoteNumber,
          signerName: jobQuotes.signerName,
          signedAt: jobQuotes.decidedAt,
          signatureFileKey: jobQuotes.signatureFileKey,
        })
        .from(jobQuotes)
        .where(
          and(
            eq(jobQuotes.jobId, jobId),
            eq(jobQuotes.status, 'approved'),
            sql`${jobQuotes.id} = (select ${jobLatestQuotes.quoteId} from ${jobLatestQuotes} where ${jobLatestQuotes.jobId} = ${jobId})`,
            sql`not exists (select 1 from ${jobQuotes} fee where fee.job_id = ${jobId} and fee.fee_invoice_id = ${invoiceId})`,
          ),
        );
      if (!row || !row.signerName || !row.signedAt) return null;
      return {
        quoteId: row.quoteId,
        quoteNumber: row.quoteNumber,
        signerName: row.signerName,
        signedAt: row.signedAt,
        signatureFileKey: row.signatureFileKey,
      };
    },
  };
}
export type InvoiceRecord = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createInvoicesDetailRepo>['readInvoice']>>
>;
