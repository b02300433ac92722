/**
 * Invoices (issue 14): the use cases behind the job's Invoices card, the invoice pages and lists.
 *
 * `createInvoice(tx, ...)` is exported on its own so another module's use case can create an
 * invoice inside its own transaction (a customer who declines a quote is charged the inspection
 * fee: quote-send calls createInvoice(tx, { jobId, type: 'inspection' }) and then sends it).
 */
import type { SessionUser } from '../../../domain/auth.js';
import { dateInZone } from '../../../domain/dates.js';
import { isTechnicianRole, SYSTEM_ROLE } from '../../../domain/policy.js';
import {
  allowedInvoiceActions,
  invoiceSubject,
  buildInvoiceReport,
  quarterOfMonth,
  reportRange,
  reportYears,
  TOP_CUSTOMERS_LIMIT,
  type InvoiceReport,
  type InvoiceReportQuery,
  canTransition,
  dueDateFor,
  dueDateOnSend,
  type AddDiscountInput,
  INVOICE_TERMS,
  INVOICE_TYPES,
  linesFromInput,
  transitionRefusal,
  type CreateInvoiceInput,
  type InvoiceAction,
  type InvoiceDetail,
  type InvoiceList,
  type InvoiceListFilters,
  type InvoiceListItem,
  type InvoiceListQuery,
  type JobInvoices,
  type PaidInvoiceFilters,
  type PaidInvoiceList,
  type PaidInvoiceListQuery,
  type PendingInvoiceFilters,
  type PendingInvoiceList,
  type PendingInvoiceListQuery,
  type SendInvoiceInput,
  type UpdateDraftInput,
  type VoidInvoiceInput,
  checkPayment,
  paymentHistoryNote,
  settlementOf,
  voidPaymentRefusal,
  PAYMENT_MESSAGES,
  type MarkPaidInput,
  type PaymentListFilters,
  type PaymentListItem,
  type PaymentListQuery,
  type PaymentMethod,
  type RecordPaymentInput,
  type VoidPaymentInput,
  INSPECTION_FEE_CODE,
  INSPECTION_FEE_NAME,
  INVOICE_MESSAGES,
  invoiceNumber,
  planInvoice,
  billToFor,
  doubleBilledLines,
  doubleBillingMessage,
  rebillNote,
  type BillTo,
  type InvoiceLineDraft,
  type InvoiceType,
} from '../../../domain/invoices/index.js';
import { centsToDecimal, formatCents, toCents } from '../../../domain/money.js';
import { usDate } from '../../../domain/quotes.js';
import type { CompanySettings } from '../../../domain/settings.js';
import type { Database, Executor } from '../../db/client.js';
import {
  AppError,
  badRequest,
  conflict,
  conflictWithDetails,
  forbidden,
  notFound,
  registerConstraintMessages,
} from '../../errors.js';
import { inBatches } from '../../export/xlsx.js';
import { enqueueEmail } from '../../outbox/outbox.js';
import { recordWebhookEvent } from '../webhooks/index.js';
import type { InvoiceEventData, PaymentEventData } from '../../../domain/webhooks.js';
import { invoicePdf, invoicePdfFileName } from '../../pdf/invoice-pdf.js';
import { isTechnicianAssigned } from '../jobs/index.js';
import type { FileStorage } from '../../storage/storage.js';
import { createSettingsRepo } from '../settings/index.js';
import { createInvoicePaymentsRepo } from './invoice-payments.repo.js';
import { createInvoicesRepo, listItemOf, type ListRowCursor } from './invoices.repo.js';
import { billToColumns } from './invoices-writes.repo.js';
import { deleteDiscount, insertDiscount, readInvoiceTotals, storeDraftTotals } from './invoice-totals.repo.js';

registerConstraintMessages({
  job_invoices_job_id_jobs_id_fk: { status: 409, message: INVOICE_MESSAGES.jobNotFound },
});

/** How many numbers are drawn before giving up (10,000 possible per job; a clash is rare). */
const NUMBER_ATTEMPTS = 20;

export interface CreateInvoiceOptions {
  jobId: string;
  type: InvoiceType;
  /** The user creating it (null for the customer's decline on the public page). */
  createdBy?: string | null;
  /** Bill this amount (cents) as one line instead of the type's rule (the fee line for an inspection invoice). */
  amountOverride?: number;
  /** Creation moment; today in the company's time zone decides the due date. */
  now?: Date;
  /** Source of the 4 random digits (tests force clashes with it). */
  random?: () => number;
  /**
   * Why job items another non-void invoice of the job already bills are billed again. Without it
   * such a create is refused with 409 and the lines (`doubleBilled`); with it the reason is kept on
   * the invoice and in its history.
   */
  rebillReason?: string | null;
}

export interface CreatedInvoice {
  id: string;
  number: string;
  /** cents */
  amount: number;
  dueDate: string;
}

/**
 * Creates a draft invoice for a job inside the caller's transaction: lines copied from the job's
 * items by the type rule (an inspection invoice is one line INSP-FEE Inspection Fee 1 x 180.00),
 * the amount their sum, numbered JOB-{jobNumber}-INV-{4 random digits} (a taken number is drawn
 * again), due 30 days after today in the company's time zone. Throws 404 for a missing job and
 * 409 "Cannot create invoice at this time" with the reason when there is nothing to bill.
 */
export async function createInvoice(tx: Executor, options: CreateInvoiceOptions): Promise<CreatedInvoice> {
  const repo = createInvoicesRepo(tx);
  const job = await repo.lockJob(options.jobId);
  if (!job) throw notFound(INVOICE_MESSAGES.jobNotFound);

  let lines: InvoiceLineDraft[];
  let amountCents: number;
  if (options.amountOverride !== undefined) {
    if (!Number.isInteger(options.amountOverride) || options.amountOverride <= 0)
      throw new AppError(400, 'VALIDATION_ERROR', 'The invoice amount must be a positive number of cents');
    amountCents = options.amountOverride;
    const fee = options.type === 'inspection';
    lines = [
      {
        code: fee ? INSPECTION_FEE_CODE : 'SERVICE',
        name: fee ? INSPECTION_FEE_NAME : 'Service',
        itemType: fee ? 'item' : null,
        quantity: 1,
        jobItemId: null,
        unitCents: amountCents,
        totalCents: amountCents,
      },
    ];
  } else {
    // In turn: a transaction is one connection, which runs one query at a time.
    const items = await repo.readBillableItems(job.id);
    const repairs = await repo.readBillableRepairs(job.id);
    const plan = planInvoice(options.type, items, repairs);
    if (!plan.ok) throw conflict(`${INVOICE_MESSAGES.cannotCreate}: ${plan.reason}`);
    lines = plan.lines;
    amountCents = plan.amountCents;
  }

  // Under the job's row lock: two creates at once see each other's lines.
  const doubleBilled = doubleBilledLines(lines, await repo.billedJobItems(job.id, null));
  const rebillReason = doubleBilled.length ? (options.rebillReason?.trim() ?? '') : '';
  if (doubleBilled.length && !rebillReason)
    throw conflictWithDetails(doubleBillingMessage(doubleBilled), { doubleBilled });
  const party = await repo.billingPartyOf(job.id);
  const billTo = billToFor(party.unit, party.company);

  const settings = await createSettingsRepo(tx).getCompany();
  const dueDate = dueDateFor(dateInZone(options.now ?? new Date(), settings.time_zone));
  const random = options.random ?? Math.random;
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
    const number = invoiceNumber(job.number, random);
    const row = await repo.insertInvoiceIfNumberFree({
      jobId: job.id,
      invoiceNumber: number,
      invoiceType: options.type,
      amountCents,
      dueDate,
      createdBy: options.createdBy ?? null,
      billTo,
      rebillReason: rebillReason || null,
    });
    if (!row) continue;
    await repo.replaceLines(row.id, lines);
    // The amount the customer owes: lines, the unit's tax group and taxable flag (invoiceTotals).
    const totals = await storeDraftTotals(tx, row.id);
    amountCents = totals.totalCents;
    await repo.recordStatusChange({
      invoiceId: row.id,
      fromStatus: null,
      toStatus: 'draft',
      note: rebillReason ? rebillNote(rebillReason) : null,
      changedBy: options.createdBy ?? null,
    });
    return { id: row.id, number, amount: amountCents, dueDate };
  }
  throw conflict(INVOICE_MESSAGES.numberExhausted);
}

// ---------------------------------------------------------------------------------------------
// The service behind the routes
// ---------------------------------------------------------------------------------------------

export interface InvoicesDeps {
  db: Database;
  storage: FileStorage;
  clock: () => Date;
  /** Where a searched list stops counting (LIST_TOTAL_CAP; tests lower it). */
  totalCap?: number;
}

type Actor = Pick<SessionUser, 'id' | 'role'>;
const PDF_PURPOSE = 'invoice-pdf';

async function companyOf(exec: Executor): Promise<CompanySettings> {
  return createSettingsRepo(exec).getCompany();
}

/** The detail of an invoice as the API gives it, with the actions open to `actor`. */
async function detailOf(exec: Executor, invoiceId: string, actor: Actor, today: string): Promise<InvoiceDetail> {
  const repo = createInvoicesRepo(exec);
  const record = await repo.readInvoice(invoiceId);
  if (!record) throw notFound(INVOICE_MESSAGES.notFound);
  const h = record.head;
  const item = listItemOf(h, today);
  const signed = h.jobId ? await repo.approvalSignatureOf(invoiceId, h.jobId) : null;
  // A draft follows the unit and company until it is sent; an issued invoice keeps what it was sent
  // with. One written without Bill To (a bulk or test insert outside createInvoice) shows today's.
  const stored: BillTo = {
    name: h.billToName,
    email: h.billToEmail,
    address: h.billToAddress,
    city: h.billToCity,
    state: h.billToState,
    zip: h.billToZip,
  };
  let billTo = stored;
  if (item.status === 'draft' || Object.values(stored).every((v) => v === null)) {
    const party = await repo.billingPartyOfInvoice(invoiceId);
    billTo = billToFor(party.unit, party.company);
  }
  const payments = await createInvoicePaymentsRepo(exec).paymentsOf(invoiceId);
  const { totals, discounts } = await readInvoiceTotals(exec, invoiceId);
  return {
    ...item,
    email: h.email,
    notes: h.notes,
    voidReason: h.voidReason,
    voidedDate: h.voidedDate,
    terms: INVOICE_TERMS,
    defaultEmail: billTo.email || h.contactEmail || null,
    billTo,
    rebillReason: h.rebillReason,
    job:
      h.jobId && h.jobNumber !== null
        ? {
            id: h.jobId,
            number: h.jobNumber,
            name: h.jobName ?? '',
            serviceLine: h.serviceLine,
            customerPo: h.customerPo,
            contactName: h.contactName,
            contactEmail: h.contactEmail,
            contactPhone: h.contactPhone,
          }
        : null,
    customer: {
      companyId: h.companyId,
      companyName: h.companyName,
      billingEntity: h.billingEntity,
      billingEmail: h.billingEmail,
    },
    location: {
      id: h.locationId,
      name: h.locationName,
      address: h.address,
      city: h.city,
      state: h.state,
      zip: h.zip,
      unitNumber: h.unitNumber,
    },
    lines: record.lines,
    payments,
    totals: {
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      taxByGroup: totals.taxByGroup,
      discounts: discounts.map((d, i) => ({
        id: d.id,
        kind: d.kind,
        percent: d.percent,
        reason: d.reason,
        amountCents: totals.discounts[i]?.amountCents ?? 0,
      })),
      exemptReason: totals.exemptReason,
      taxWarning: totals.unknownGroups.length
        ? `No tax charged: tax group ${totals.unknownGroups.join(', ')} of the unit is not an active tax group (Settings > Tax Groups)`
        : null,
    },
    history: record.history,
    actions: allowedInvoiceActions(item.status, actor.role),
    signedBy: signed
      ? {
          quoteNumber: signed.quoteNumber,
          signerName: signed.signerName,
          signedAt: signed.signedAt.toISOString(),
          signatureUrl: signed.signatureFileKey ? `/api/quotes/${signed.quoteId}/signature` : null,
        }
      : null,
  };
}

/** The drawn signature of the approval an invoice shows, for its PDF. */
async function signaturePngOf(
  exec: Executor,
  storage: FileStorage,
  invoiceId: string,
  jobId: string | null,
): Promise<Uint8Array | null> {
  if (!jobId) return null;
  const repo = createInvoicesRepo(exec);
  const signed = await repo.approvalSignatureOf(invoiceId, jobId);
  if (!signed?.signatureFileKey) return null;
  return (await storage.get(exec, signed.signatureFileKey))?.bytes ?? null;
}

/**
 * Issues a draft inside the caller's transaction: status issued, issued today (company time zone),
 * the due date kept (or Net 30 from today when it has passed), and the e-mail with the invoice PDF
 * attached written to the outbox. Bill To is written from the unit and company one last time and
 * then kept. `email` defaults to Bill To's e-mail (the unit's billing e-mail), then the job's
 * contact e-mail; none: 400 "Customer email is required to send an invoice".
 */
export async function sendInvoice(
  tx: Executor,
  deps: { storage: FileStorage; now?: Date },
  options: { invoiceId: string; email?: string | null; changedBy?: string | null },
): Promise<InvoiceDetail> {
  const repo = createInvoicesRepo(tx);
  const locked = await repo.lockInvoice(options.invoiceId);
  if (!locked) throw notFound(INVOICE_MESSAGES.notFound);
  if (!canTransition('send', locked.status)) throw conflict(transitionRefusal('send', locked.status));
  const company = await companyOf(tx);
  const today = dateInZone(deps.now ?? new Date(), company.time_zone);
  const party = await repo.billingPartyOfInvoice(locked.id);
  await repo.updateInvoice(locked.id, billToColumns(billToFor(party.unit, party.company)));
  const before = await detailOf(tx, locked.id, { id: options.changedBy ?? '', role: SYSTEM_ROLE }, today);
  const to = options.email || before.defaultEmail;
  if (!to) throw badRequest(INVOICE_MESSAGES.emailRequired, { email: INVOICE_MESSAGES.emailRequired });

  const dueDate = dueDateOnSend(locked.dueDate, today);
  await repo.updateInvoice(locked.id, { status: 'issued', issuedDate: today, dueDate, email: to });
  await repo.recordStatusChange({
    invoiceId: locked.id,
    fromStatus: 'draft',
    toStatus: 'issued',
    note: `Sent to ${to}`,
    changedBy: options.changedBy ?? null,
  });

  const issued: InvoiceDetail = { ...before, status: 'issued', issuedDate: today, dueDate, email: to };
  await recordWebhookEvent(
    tx,
    'invoice.issued',
    {
      id: locked.id,
      number: locked.invoiceNumber,
      jobId: locked.jobId,
      companyId: before.customer.companyId,
      status: 'issued',
      amountCents: issued.amountCents,
      paidCents: locked.paidCents,
      balanceCents: issued.amountCents - locked.paidCents,
      issuedDate: today,
      dueDate,
      paidDate: null,
    } satisfies InvoiceEventData,
    deps.now,
  );
  const bytes = await invoicePdf(issued, company, {
    signaturePng: await signaturePngOf(tx, deps.storage, locked.id, issued.job?.id ?? null),
  });
  const fileName = invoicePdfFileName(issued.invoiceNumber);
  const stored = await deps.storage.put(tx, {
    purpose: PDF_PURPOSE,
    fileName,
    contentType: 'application/pdf',
    bytes,
    createdBy: options.changedBy ?? null,
  });
  const greeting = before.job?.contactName ? `Dear ${before.job.contactName},` : 'Hello,';
  await enqueueEmail(tx, {
    to,
    // A customer's reply goes to the office (Settings > Company e-mail), not to the no-reply sender.
    replyTo: company.email || null,
    subject: `Invoice ${issued.invoiceNumber} from ${company.name}`,
    text: [
      greeting,
      '',
      `Please find attached invoice ${issued.invoiceNumber} for ${invoiceSubject(issued)}.`,
      '',
      `Amount due: ${formatCents(issued.amountCents)}`,
      `Invoice date: ${usDate(today)}`,
      `Due date: ${usDate(dueDate)} (${INVOICE_TERMS})`,
      '',
      'Thank you for your business.',
      company.name,
      company.phone,
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n')
      .trim(),
    attachments: [{ fileName, storageKey: stored.key, contentType: 'application/pdf' }],
    related: { type: 'job_invoice', id: locked.id },
  });
  return issued;
}

export function createInvoicesService({ db, storage, clock, totalCap }: InvoicesDeps) {
  const repo = createInvoicesRepo(db, { totalCap });
  const payments = createInvoicePaymentsRepo(db, { totalCap });
  const today = (exec: Executor = db) => createSettingsRepo(exec).today(clock());

  /**
   * Records a payment on the locked invoice (the rules: checkPayment), keeps its amount_paid, and
   * marks it paid (dated the latest payment) when the balance reaches zero; the history says so.
   */
  async function takePayment(
    tx: Executor,
    actor: Actor,
    locked: NonNullable<Awaited<ReturnType<typeof repo.lockInvoice>>>,
    input: {
      paymentDate: string;
      amountCents: number;
      method: PaymentMethod;
      reference: string | null;
      note: string | null;
    },
    now: string,
  ) {
    const check = checkPayment({
      status: locked.status,
      amountCents: locked.amountCents,
      paidCents: locked.paidCents,
      issuedDate: locked.issuedDate,
      paymentCents: input.amountCents,
      paymentDate: input.paymentDate,
      today: now,
    });
    if (!check.ok) {
      if (check.status === 400)
        throw new AppError(
          400,
          'VALIDATION_ERROR',
          check.message,
          check.field ? { [check.field]: check.message } : undefined,
        );
      throw conflict(check.message);
    }
    const paymentId = await payments.insertPayment(
      { invoiceId: locked.id, ...input, recordedBy: actor.id || null },
      tx,
    );
    const settled = settlementOf(locked.amountCents, await payments.livePayments(locked.id, tx));
    await repo.updateInvoice(
      locked.id,
      { amountPaid: centsToDecimal(settled.paidCents), status: settled.status, paidDate: settled.paidDate },
      tx,
    );
    // Webhooks (decision 048): the payment, and the invoice once this payment settles it.
    const at = clock();
    const balanceCents = locked.amountCents - settled.paidCents;
    await recordWebhookEvent(
      tx,
      'payment.recorded',
      {
        id: paymentId,
        invoiceId: locked.id,
        invoiceNumber: locked.invoiceNumber,
        amountCents: input.amountCents,
        method: input.method,
        paymentDate: input.paymentDate,
        reference: input.reference,
        invoiceStatus: settled.status,
        invoiceBalanceCents: balanceCents,
      } satisfies PaymentEventData,
      at,
    );
    if (settled.status === 'paid' && locked.status !== 'paid')
      await recordWebhookEvent(
        tx,
        'invoice.paid',
        {
          id: locked.id,
          number: locked.invoiceNumber,
          jobId: locked.jobId,
          companyId: locked.companyId,
          status: 'paid',
          amountCents: locked.amountCents,
          paidCents: settled.paidCents,
          balanceCents,
          issuedDate: locked.issuedDate,
          dueDate: locked.dueDate,
          paidDate: settled.paidDate,
        } satisfies InvoiceEventData,
        at,
      );
    await repo.recordStatusChange(
      {
        invoiceId: locked.id,
        fromStatus: locked.status,
        toStatus: settled.status,
        note: paymentHistoryNote('recorded', input),
        changedBy: actor.id,
      },
      tx,
    );
  }

  /** Office staff see every invoice; a technician only those of jobs assigned to them. */
  async function assertCanRead(exec: Executor, actor: Actor, jobId: string) {
    if (!isTechnicianRole(actor.role)) return;
    if (!(await isTechnicianAssigned(exec, jobId, actor.id)))
      throw forbidden('Technicians see the invoices of their own jobs only');
  }

  async function readable(actor: Actor, invoiceId: string): Promise<string | null> {
    const found = await repo.invoiceJob(invoiceId);
    if (!found) throw notFound(INVOICE_MESSAGES.notFound);
    // An agreement's advance invoice has no job: office staff only (decision 052).
    if (found.jobId === null && isTechnicianRole(actor.role))
      throw forbidden('Technicians see the invoices of their own jobs only');
    if (found.jobId) await assertCanRead(db, actor, found.jobId);
    return found.jobId;
  }

  /** Locks a draft or issued invoice for a transition, refusing with 409 when its status does not allow it. */
  async function lockFor(tx: Executor, invoiceId: string, action: InvoiceAction) {
    const locked = await repo.lockInvoice(invoiceId, tx);
    if (!locked) throw notFound(INVOICE_MESSAGES.notFound);
    if (!canTransition(action, locked.status)) {
      const refusal = transitionRefusal(action, locked.status);
      throw conflict(
        action === 'markPaid'
          ? `${INVOICE_MESSAGES.cannotMarkPaid}: ${refusal.charAt(0).toLowerCase()}${refusal.slice(1)}`
          : refusal,
      );
    }
    return locked;
  }

  return {
    today,

    async forJob(actor: Actor, jobId: string): Promise<JobInvoices> {
      if (!(await repo.jobExists(jobId))) throw notFound(INVOICE_MESSAGES.jobNotFound);
      await assertCanRead(db, actor, jobId);
      const [rows, items, repairs, now] = await Promise.all([
        repo.jobInvoiceRows(jobId),
        repo.readBillableItems(jobId),
        repo.readBillableRepairs(jobId),
        today(),
      ]);
      return {
        items: rows.map((r) => listItemOf(r, now)),
        createOptions: INVOICE_TYPES.map((type) => {
          const plan = planInvoice(type, items, repairs);
          return plan.ok
            ? { type, available: true, amountCents: plan.amountCents, reason: null }
            : { type, available: false, amountCents: 0, reason: plan.reason };
        }),
      };
    },

    async create(actor: Actor, jobId: string, input: CreateInvoiceInput): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const created = await createInvoice(tx, {
          jobId,
          type: input.type,
          createdBy: actor.id,
          now: clock(),
          rebillReason: input.rebillReason,
        });
        return detailOf(tx, created.id, actor, await today(tx));
      });
    },

    async detail(actor: Actor, invoiceId: string): Promise<InvoiceDetail> {
      await readable(actor, invoiceId);
      return detailOf(db, invoiceId, actor, await today());
    },

    async pdf(actor: Actor, invoiceId: string): Promise<{ fileName: string; bytes: Uint8Array }> {
      await readable(actor, invoiceId);
      const company = await companyOf(db);
      const invoice = await detailOf(db, invoiceId, actor, dateInZone(clock(), company.time_zone));
      const signaturePng = await signaturePngOf(db, storage, invoice.id, invoice.job?.id ?? null);
      return {
        fileName: invoicePdfFileName(invoice.invoiceNumber),
        bytes: await invoicePdf(invoice, company, { signaturePng }),
      };
    },

    async updateDraft(actor: Actor, invoiceId: string, input: UpdateDraftInput): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const locked = await lockFor(tx, invoiceId, 'edit');
        // Each kept line keeps the job item it was copied from (a new or unknown line has none).
        const jobItemOf = await repo.lineJobItems(locked.id, tx);
        const lines = linesFromInput(input.lines).map((line, i) => ({
          ...line,
          jobItemId: jobItemOf.get(input.lines[i]!.lineId ?? '') ?? null,
        }));
        const party = await repo.billingPartyOfInvoice(locked.id, tx);
        await repo.replaceLines(locked.id, lines, tx);
        await repo.updateInvoice(
          locked.id,
          { dueDate: input.dueDate, notes: input.notes, ...billToColumns(billToFor(party.unit, party.company)) },
          tx,
        );
        await storeDraftTotals(tx, locked.id);
        return detailOf(tx, locked.id, actor, await today(tx));
      });
    },

    /** Adds a discount to a draft (issue 27); the totals are recomputed, never below zero. */
    async addDiscount(actor: Actor, invoiceId: string, input: AddDiscountInput): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const locked = await lockFor(tx, invoiceId, 'edit');
        await insertDiscount(tx, locked.id, {
          kind: input.kind,
          amountCents: input.amount != null ? toCents(input.amount) : undefined,
          percent: input.percent ?? undefined,
          reason: input.reason,
          createdBy: actor.id,
        });
        await storeDraftTotals(tx, locked.id);
        return detailOf(tx, locked.id, actor, await today(tx));
      });
    },

    /** Removes a discount of a draft. */
    async removeDiscount(actor: Actor, invoiceId: string, discountId: string): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const locked = await lockFor(tx, invoiceId, 'edit');
        if (!(await deleteDiscount(tx, locked.id, discountId))) throw notFound('Discount not found');
        await storeDraftTotals(tx, locked.id);
        return detailOf(tx, locked.id, actor, await today(tx));
      });
    },

    async remove(invoiceId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const locked = await lockFor(tx, invoiceId, 'delete');
        await repo.deleteInvoice(locked.id, tx);
      });
    },

    async send(actor: Actor, invoiceId: string, input: SendInvoiceInput): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        await sendInvoice(tx, { storage, now: clock() }, { invoiceId, email: input.email, changedBy: actor.id });
        return detailOf(tx, invoiceId, actor, await today(tx));
      });
    },

    /** Mark as Paid (issue 27): one payment of the balance, dated today, by the method asked. */
    async markPaid(actor: Actor, invoiceId: string, input: MarkPaidInput): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const locked = await lockFor(tx, invoiceId, 'markPaid');
        const now = await today(tx);
        await takePayment(
          tx,
          actor,
          locked,
          {
            paymentDate: now,
            amountCents: locked.amountCents - locked.paidCents,
            method: input.method,
            reference: input.reference,
            note: null,
          },
          now,
        );
        return detailOf(tx, locked.id, actor, now);
      });
    },

    /** Record Payment: a payment of at most the balance, dated today or earlier (not before the issue date). */
    async recordPayment(actor: Actor, invoiceId: string, input: RecordPaymentInput): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const locked = await repo.lockInvoice(invoiceId, tx);
        if (!locked) throw notFound(INVOICE_MESSAGES.notFound);
        const now = await today(tx);
        await takePayment(tx, actor, locked, input, now);
        return detailOf(tx, locked.id, actor, now);
      });
    },

    /** Void a payment (admin, manager) with a reason: the balance reopens, a paid invoice returns to issued. */
    async voidPayment(
      actor: Actor,
      invoiceId: string,
      paymentId: string,
      input: VoidPaymentInput,
    ): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const locked = await repo.lockInvoice(invoiceId, tx);
        if (!locked) throw notFound(INVOICE_MESSAGES.notFound);
        const payment = await payments.lockPayment(locked.id, paymentId, tx);
        if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
        const refusal = voidPaymentRefusal(payment.voided, locked.status);
        if (refusal) throw conflict(refusal);
        await payments.voidPayment(payment.id, actor.id || null, input.reason, tx);
        const settled = settlementOf(locked.amountCents, await payments.livePayments(locked.id, tx));
        await repo.updateInvoice(
          locked.id,
          { amountPaid: centsToDecimal(settled.paidCents), status: settled.status, paidDate: settled.paidDate },
          tx,
        );
        await repo.recordStatusChange(
          {
            invoiceId: locked.id,
            fromStatus: locked.status,
            toStatus: settled.status,
            note: paymentHistoryNote('voided', payment, input.reason),
            changedBy: actor.id,
          },
          tx,
        );
        return detailOf(tx, locked.id, actor, await today(tx));
      });
    },

    async payments(query: PaymentListQuery) {
      return payments.readList(query);
    },

    /** The payments list's rows in keyset batches, for the .xlsx export. */
    async *paymentExportBatches(filters: PaymentListFilters): AsyncGenerator<PaymentListItem[]> {
      let after: { paymentDate: string; id: string } | null = null;
      for (;;) {
        const batch = await payments.exportBatch(filters, after, 1000);
        if (batch.length) yield batch;
        if (batch.length < 1000) return;
        const last = batch[batch.length - 1]!;
        after = { paymentDate: last.paymentDate, id: last.id };
      }
    },

    async voidInvoice(actor: Actor, invoiceId: string, input: VoidInvoiceInput): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const locked = await lockFor(tx, invoiceId, 'void');
        if (await payments.hasLivePayments(locked.id, tx)) throw conflict(PAYMENT_MESSAGES.invoiceHasPayments);
        const now = await today(tx);
        await repo.updateInvoice(locked.id, { status: 'void', voidReason: input.reason, voidedDate: now }, tx);
        await repo.recordStatusChange(
          { invoiceId: locked.id, fromStatus: 'issued', toStatus: 'void', note: input.reason, changedBy: actor.id },
          tx,
        );
        return detailOf(tx, locked.id, actor, now);
      });
    },

    async list(query: InvoiceListQuery): Promise<InvoiceList> {
      const [{ rows, total, totalCapped, summary }, now] = await Promise.all([repo.readList(query), today()]);
      return {
        items: rows.map((r) => listItemOf(r, now)),
        total,
        totalCapped,
        page: query.page,
        pageSize: query.pageSize,
        summary,
      };
    },

    async pending(query: PendingInvoiceListQuery): Promise<PendingInvoiceList> {
      const now = await today();
      const { rows, total, totalCapped, summary } = await repo.readPending(query, now);
      return {
        items: rows.map((r) => listItemOf(r, now)),
        total,
        totalCapped,
        page: query.page,
        pageSize: query.pageSize,
        summary,
      };
    },

    async paid(query: PaidInvoiceListQuery): Promise<PaidInvoiceList> {
      const [{ rows, total, totalCapped, summary }, now] = await Promise.all([repo.readPaid(query), today()]);
      return {
        items: rows.map((r) => listItemOf(r, now)),
        total,
        totalCapped,
        page: query.page,
        pageSize: query.pageSize,
        summary,
      };
    },

    /** The financial report for a period: defaults this year, this quarter, this month (company time zone); every figure summed in SQL. */
    async report(query: InvoiceReportQuery): Promise<InvoiceReport> {
      // A request naming its whole period (the screen always does) is summed while today's date and
      // the earliest year are read (one round of queries instead of two); an invalid year discards it.
      const named =
        query.year !== undefined &&
        (query.period === 'annual' ||
          (query.period === 'quarterly' ? query.quarter !== undefined : query.month !== undefined))
          ? reportRange({
              period: query.period,
              year: query.year,
              quarter: query.quarter ?? undefined,
              month: query.month ?? undefined,
            })
          : null;
      const early = named ? repo.reportAggregates(named, TOP_CUSTOMERS_LIMIT) : null;
      // Settled at once, so that a refused year never leaves it rejected and unobserved.
      early?.catch(() => undefined);
      const [now, earliest] = await Promise.all([today(), repo.earliestIssuedYear()]);
      const currentYear = Number(now.slice(0, 4));
      const currentMonth = Number(now.slice(5, 7));
      const years = reportYears(currentYear, earliest);
      const year = query.year ?? currentYear;
      if (!years.includes(year))
        throw badRequest(`Year must be between ${years[years.length - 1]} and ${years[0]}`, {
          year: `Year must be between ${years[years.length - 1]} and ${years[0]}`,
        });
      const quarter = query.period === 'quarterly' ? (query.quarter ?? quarterOfMonth(currentMonth)) : null;
      const month = query.period === 'monthly' ? (query.month ?? currentMonth) : null;
      const range = reportRange({
        period: query.period,
        year,
        quarter: quarter ?? undefined,
        month: month ?? undefined,
      });
      const aggregates = await (early ?? repo.reportAggregates(range, TOP_CUSTOMERS_LIMIT));
      return buildInvoiceReport({ period: query.period, year, quarter, month, ...range }, years, aggregates);
    },

    /** The rows of a list for its export, in keyset batches and in the list's order. */
    async *exportBatches(
      kind: 'all' | 'pending' | 'paid',
      filters: InvoiceListFilters | PendingInvoiceFilters | PaidInvoiceFilters,
    ): AsyncGenerator<InvoiceListItem[]> {
      const now = await today();
      for await (const batch of inBatches(
        (after: ListRowCursor | null, limit) => repo.exportBatch(kind, filters, now, after, limit),
        (row) => row,
      )) {
        yield batch.map((r) => listItemOf(r, now));
      }
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
