/**
 * Sending quotes and the customer's decision (issue 13, decision 018). Every write is one
 * transaction: the send (row, token, PDF, e-mail in the outbox), and the decision (status,
 * evidence, fee item and invoice, or the chosen options and the office's e-mail).
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  INSPECTION_FEE_CODE,
  INSPECTION_FEE_NAME,
  INSPECTION_FEE_SERVICE_LINE,
} from '../../../domain/invoices/index.js';
import { centsToDecimal, formatCents, toCents } from '../../../domain/money.js';
import type { QuoteEventData } from '../../../domain/webhooks.js';
import { renderQuoteEmail } from '../../../domain/quote-email.js';
import {
  DEFAULT_EMAIL_CONTENT,
  EMAIL_TEMPLATE_FIELDS,
  QUOTE_TYPES,
  TEMPLATE_MESSAGES,
  type EmailTemplateContent,
  type QuoteType,
  type TemplateQuoteType,
} from '../../../domain/quote-templates.js';
import { approvalNotice, declineNotice, jobUrl, type DecisionNoticeFacts } from '../../../domain/quote-notices.js';
import {
  decidedQuoteDetailsShown,
  declineChargesFee,
  effectiveQuoteStatus,
  hasQuoteData,
  isDecidedQuoteStatus,
  isOpenQuoteAt,
  INSPECTION_FEE_CENTS,
  jobQuoteBadges,
  QUOTE_MESSAGES,
  QUOTE_TOKEN_BYTES,
  QUOTE_TOKEN_DAYS,
  quoteConfirmLinks,
  quoteNumberFor,
  repairOptionTotals,
  sendButtonLabel,
  SIGNATURE_MAX_BYTES,
  type DecisionResult,
  type DeclineReason,
  type DecisionValues,
  type JobQuoteHistoryItem,
  type JobQuotesView,
  type PublicQuoteView,
  type QuoteCardState,
  type QuoteStatus,
  type SendQuoteInput,
  type SendQuoteResult,
  type WithdrawQuoteResult,
} from '../../../domain/quotes.js';
import {
  NOTHING_PRICED_MESSAGE,
  offeredOptions,
  QUOTE_ITEM_TYPES,
  quoteSummary,
  quoteSummaryLines,
  type QuoteSummary,
} from '../../../domain/quote-summary.js';
import { REPAIR_PHASE_LABELS, type RepairPhase } from '../../../domain/repairs.js';
import { readTogether, type Database, type Executor } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { enqueueEmail } from '../../outbox/outbox.js';
import type { FileStorage } from '../../storage/storage.js';
import { createInvoice, sendInvoice } from '../invoices/index.js';
import type { InspectionsService } from '../inspections/index.js';
import type { JobDecisionsRepo } from '../jobs/index.js';
import type { QuoteTemplatesRepo } from '../quote-templates/index.js';
import type { SettingsRepo } from '../settings/index.js';
import { recordWebhookEvent } from '../webhooks/index.js';
import { readInspectionsAndRepairs, readJobItems, readQuoteJob } from './quote-document.repo.js';
import type { QuotePdfService } from './quote-pdf.service.js';
import type { QuotesRepo, QuoteRow } from './quotes.repo.js';

const NUMBER_ATTEMPTS = 20;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface QuotesDeps {
  db: Database;
  repo: QuotesRepo;
  /** The jobs module's writes (it owns jobs and job_items): the address a quote went to, the fee item. */
  jobs: Pick<JobDecisionsRepo, 'setContactEmail' | 'addItemUnlessPresent'>;
  /**
   * The inspections module's write (it owns job_repairs): the options the customer chose, as an
   * approval, not a staff edit (the records' update times and change mark stay; decision 032).
   */
  repairs: Pick<InspectionsService, 'applyCustomerChoices'>;
  templates: QuoteTemplatesRepo;
  quotePdf: QuotePdfService;
  storage: FileStorage;
  settings: (exec: Executor) => SettingsRepo;
  /** the product's public base URL: the customer's links and the job links of the office's notices */
  publicUrl: string;
  /** where the office's e-mails go (the sender address of MAIL_FROM) */
  officeEmail: string;
  clock: () => Date;
  /** the 4 random digits of a quote number (tests force clashes with it) */
  random?: () => number;
}

export interface DecisionMeta {
  ip: string | null;
  userAgent: string | null;
}

const templateTypeOf = (type: QuoteType): TemplateQuoteType => (type === 'other' ? 'repair' : type);

/** The Quotes card's "This quote covers" list: the lines and total a send would state now. */
function cardContent(summary: QuoteSummary): QuoteCardState['content'] {
  const { lines } = quoteSummaryLines(summary);
  return { lines, totalCents: summary.grandTotalCents, declineFeeCents: summary.declineFeeCents };
}

/** The e-mail's lines: what the quote lists, and the fee if declined said as such. */
function emailLines(summary: QuoteSummary): { lines: { label: string; amount: string }[]; declineFee: string | null } {
  const { lines, declineFee } = quoteSummaryLines(summary);
  return { lines, declineFee };
}

/** What the quote events send to webhook endpoints: the quote without its link's token or the signer's evidence. */
function quoteEventData(row: QuoteRow): QuoteEventData {
  return {
    id: row.id,
    number: row.quoteNumber,
    jobId: row.jobId,
    quoteType: row.quoteType,
    status: row.status,
    amountCents: toCents(row.amount),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.declineReason ?? null,
  };
}

export function createQuotesService(deps: QuotesDeps) {
  const { db, repo, templates, quotePdf, storage, clock } = deps;
  const random = deps.random ?? (() => randomInt(0, 10_000) / 10_000);

  async function hasDefaultPdf(type: QuoteType, exec: Executor): Promise<boolean> {
    if (type !== 'other') return Boolean(await templates.findDefaultPdf(type, exec));
    return Boolean(
      (await templates.findDefaultPdfForEveryType(exec)) ?? (await templates.findDefaultPdf('repair', exec)),
    );
  }

  async function emailContent(type: QuoteType, exec: Executor): Promise<EmailTemplateContent> {
    const stored = await templates.findDefaultEmail(templateTypeOf(type), exec);
    const source = stored ?? DEFAULT_EMAIL_CONTENT[templateTypeOf(type)];
    return Object.fromEntries(EMAIL_TEMPLATE_FIELDS.map((f) => [f, source[f]])) as EmailTemplateContent;
  }

  async function freeNumber(jobNumber: number, exec: Executor): Promise<string> {
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
      const number = quoteNumberFor(jobNumber, random());
      if (!(await repo.numberTaken(number, exec))) return number;
    }
    throw conflict('No free quote number could be found. Please type one.');
  }

  /** What a quote of each type would list and total now (quoteSummary over the job's data). */
  async function readSummaries(jobId: string, types: readonly QuoteType[], exec: Executor) {
    const [inspections, items] = await readTogether(exec, [
      () => readInspectionsAndRepairs(exec, jobId),
      () => readJobItems(exec, jobId),
    ]);
    return new Map(types.map((type) => [type, quoteSummary({ quoteType: type, inspections, items })] as const));
  }

  /** The customer page's data for one quote (this quote only). */
  async function publicView(row: QuoteRow, exec: Executor): Promise<PublicQuoteView> {
    if (row.status === 'withdrawn' || row.status === 'superseded')
      return closedView(row, row.status, await deps.settings(exec).getCompany());
    const [job, company, inspections, items, outcomes] = await readTogether(exec, [
      () => readQuoteJob(exec, row.jobId),
      () => deps.settings(exec).getCompany(),
      () => (row.quoteType === 'other' ? Promise.resolve([]) : readInspectionsAndRepairs(exec, row.jobId)),
      () => readJobItems(exec, row.jobId),
      () => repo.outcomesOfJob(row.jobId, exec),
    ]);
    const summary = quoteSummary({ quoteType: row.quoteType as QuoteType, inspections, items });
    if (!job) throw notFound(QUOTE_MESSAGES.notFound);
    const status = row.status as QuoteStatus;
    if (isDecidedQuoteStatus(status) && !decidedQuoteDetailsShown(row.decidedAt ?? row.updatedAt, clock()))
      return archivedView(row, status, company);
    let decision: PublicQuoteView['decision'] = null;
    if (isDecidedQuoteStatus(status)) {
      const signature = row.signatureFileKey ? await storage.get(exec, row.signatureFileKey) : null;
      decision = {
        approved: status === 'approved',
        decidedAt: (row.decidedAt ?? row.updatedAt).toISOString(),
        signerName: row.signerName,
        signatureDataUrl: signature ? `data:image/png;base64,${signature.bytes.toString('base64')}` : null,
        chosenOptions: (row.chosenOptions as { inspectionId: string; phase: RepairPhase }[] | null) ?? null,
        declineReason: (row.declineReason as DeclineReason | null) ?? null,
        invoiceNumber: row.feeInvoiceId ? await repo.invoiceNumber(row.feeInvoiceId, exec) : null,
      };
    }
    return {
      status: isDecidedQuoteStatus(status) ? status : 'pending',
      archived: false,
      quoteNumber: row.quoteNumber,
      quoteType: row.quoteType as QuoteType,
      jobNumber: job.number,
      serviceName: job.name,
      companyName: company.name,
      companyPhone: company.phone,
      timeZone: company.time_zone,
      location: {
        name: job.location.name,
        address: job.location.address,
        city: job.location.city,
        state: job.location.state,
        zip: job.location.zip,
      },
      unitNumber: job.unit?.unitNumber ?? null,
      // The options with a price and the job's items of the quote's type, as quoteSummary lists them.
      inspections: inspections.map((i, n) => {
        const unit = summary.units[n];
        return {
          id: i.id,
          modelNumber: i.modelNumber,
          serialNumber: i.serialNumber,
          age: i.age,
          tonnage: i.tonnage,
          unitType: i.unitType,
          systemType: i.systemType,
          options: unit?.options.length
            ? unit.options.map((o) => ({ ...o, label: o.label || REPAIR_PHASE_LABELS[o.phase] }))
            : null,
          selectedPhase: unit?.chosenPhase ?? null,
        };
      }),
      items: summary.items.map((i) => ({ name: i.name, quantity: i.quantity, totalCents: i.totalCents })),
      totalCents: Math.round(Number(row.amount) * 100),
      inspectionFeeCents: INSPECTION_FEE_CENTS,
      declineChargesFee: isDecidedQuoteStatus(status)
        ? row.feeInvoiceId !== null
        : declineChargesFee(
            row.quoteType,
            outcomes.filter((o) => o.id !== row.id),
          ),
      expiresAt: row.expiresAt.toISOString(),
      decision,
    };
  }

  /**
   * A quote the office withdrew (or whose job was cancelled), or one a newer send replaced: the
   * page says only that, and whom to call; nothing of the quote, the job or the place (issue 26).
   */
  function closedView(
    row: QuoteRow,
    status: 'withdrawn' | 'superseded',
    company: { name: string; phone: string; time_zone: string },
  ): PublicQuoteView {
    return {
      status,
      archived: false,
      quoteNumber: '',
      quoteType: row.quoteType as QuoteType,
      jobNumber: 0,
      serviceName: '',
      companyName: company.name,
      companyPhone: company.phone,
      location: { name: '', address: '', city: '', state: '', zip: '' },
      unitNumber: null,
      inspections: [],
      items: [],
      totalCents: 0,
      inspectionFeeCents: INSPECTION_FEE_CENTS,
      declineChargesFee: false,
      expiresAt: row.expiresAt.toISOString(),
      timeZone: company.time_zone,
      decision: null,
    };
  }

  /**
   * A decision older than DECIDED_QUOTE_DETAIL_DAYS: that it was made, when, and whom to call;
   * nothing of the quote itself (its lines, the place, the signature).
   */
  function archivedView(
    row: QuoteRow,
    status: 'approved' | 'declined',
    company: { name: string; phone: string; time_zone: string },
  ): PublicQuoteView {
    const decidedAt = (row.decidedAt ?? row.updatedAt).toISOString();
    return {
      status,
      archived: true,
      quoteNumber: row.quoteNumber,
      quoteType: row.quoteType as QuoteType,
      jobNumber: 0,
      serviceName: '',
      companyName: company.name,
      companyPhone: company.phone,
      timeZone: company.time_zone,
      location: { name: '', address: '', city: '', state: '', zip: '' },
      unitNumber: null,
      inspections: [],
      items: [],
      totalCents: 0,
      inspectionFeeCents: INSPECTION_FEE_CENTS,
      declineChargesFee: row.feeInvoiceId !== null,
      expiresAt: row.expiresAt.toISOString(),
      decision: {
        approved: status === 'approved',
        decidedAt,
        signerName: null,
        signatureDataUrl: null,
        chosenOptions: null,
        declineReason: null,
        invoiceNumber: null,
      },
    };
  }

  /** A link that is unknown or past its 30 days (a replaced or withdrawn one says so: decide). */
  function assertOpenable(row: QuoteRow | null, now: Date): asserts row is QuoteRow {
    if (!row) throw notFound(QUOTE_MESSAGES.notFound);
    const status = effectiveQuoteStatus({ status: row.status as QuoteStatus, expiresAt: row.expiresAt }, now);
    if (status === 'expired') throw notFound(QUOTE_MESSAGES.notFound);
  }

  /** The facts both of the office's notices start from. */
  async function noticeFacts(
    row: QuoteRow,
    input: { signerName: string },
    meta: DecisionMeta,
    now: Date,
    tx: Executor,
  ): Promise<{ facts: DecisionNoticeFacts; unitNumber: string | null }> {
    // In turn: a transaction is one connection, which must never get a query while another runs.
    const [job, company] = await readTogether(tx, [
      () => readQuoteJob(tx, row.jobId),
      () => deps.settings(tx).getCompany(),
    ]);
    return {
      facts: {
        quoteNumber: row.quoteNumber,
        quoteType: row.quoteType as QuoteType,
        jobNumber: job?.number ?? 0,
        jobName: job?.name ?? '',
        jobLink: jobUrl(deps.publicUrl, row.jobId),
        location: job ? job.location : null,
        signerName: input.signerName,
        decidedAt: now,
        timeZone: company.time_zone,
        ip: meta.ip,
      },
      unitNumber: job?.unit?.unitNumber ?? null,
    };
  }

  function signatureBytes(dataUrl: string | null): Buffer | null {
    if (!dataUrl) return null;
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    if (
      bytes.byteLength > SIGNATURE_MAX_BYTES ||
      bytes.byteLength < PNG_MAGIC.byteLength ||
      !bytes.subarray(0, 8).equals(PNG_MAGIC)
    ) {
      throw badRequest(QUOTE_MESSAGES.signatureInvalid, { signature: QUOTE_MESSAGES.signatureInvalid });
    }
    return bytes;
  }

  return {
    /** The job page's Quotes card. */
    async jobQuotes(jobId: string): Promise<JobQuotesView> {
      const job = await repo.job(jobId);
      if (!job) throw notFound('Job not found');
      const [facts, history, defaults, summaries] = await Promise.all([
        repo.typeFacts(jobId),
        repo.history(jobId),
        Promise.all(QUOTE_TYPES.map((t) => hasDefaultPdf(t, db))),
        readSummaries(jobId, QUOTE_TYPES, db),
      ]);
      const now = clock();
      const withStatus = history.map((h): JobQuoteHistoryItem => ({ ...h, status: effectiveQuoteStatus(h, now) }));
      const stateOf = (type: QuoteType, index: number): QuoteCardState => {
        const latest = withStatus.find((h) => h.type === type) ?? null;
        const sentAt = latest ? Date.parse(latest.sentAt) : null;
        // An item this quote lists (decision 031), or a job detail the quote shows edited (issue 26),
        // after the send makes the quote out of date.
        const needsUpdate =
          sentAt !== null &&
          (QUOTE_ITEM_TYPES[type].some((t) => (facts.lastItemAt[t]?.getTime() ?? 0) > sentAt) ||
            (facts.lastJobChangeAt?.getTime() ?? 0) > sentAt);
        const inspectionChanged =
          sentAt !== null && facts.lastInspectionChangeAt !== null && facts.lastInspectionChangeAt.getTime() > sentAt;
        const hasData = hasQuoteData(type, facts);
        // A decided quote is final (issue 26): the card offers no Resend or Update for it.
        const summary = summaries.get(type)!;
        const reason = isDecidedQuoteStatus(latest?.status)
          ? QUOTE_MESSAGES.decidedNoResend
          : !hasData
            ? QUOTE_MESSAGES.noData[type]
            : !summary.priced
              ? NOTHING_PRICED_MESSAGE[type]
              : !defaults[index]
                ? TEMPLATE_MESSAGES.noDefault(type)
                : null;
        return {
          type,
          latest,
          sent: latest !== null,
          awaitingCustomer: latest?.status === 'sent',
          needsUpdate,
          inspectionChanged,
          buttonLabel: sendButtonLabel({ sent: latest !== null, needsUpdate }),
          canSend: reason === null,
          canWithdraw: latest?.status === 'sent',
          reason,
          content: cardContent(summary),
        };
      };
      const [inspection, repair, replacement, other] = QUOTE_TYPES.map((t, i) => stateOf(t, i)) as [
        QuoteCardState,
        QuoteCardState,
        QuoteCardState,
        QuoteCardState,
      ];
      const latest = withStatus[0] ?? null;
      return {
        jobId,
        jobNumber: job.number,
        contactEmail: job.contactEmail,
        badges: jobQuoteBadges(withStatus),
        latest,
        types: { inspection, repair, replacement, other },
        history: withStatus,
      };
    },

    async nextNumber(jobId: string): Promise<{ number: string }> {
      const job = await repo.job(jobId);
      if (!job) throw notFound('Job not found');
      return { number: await freeNumber(job.number, db) };
    },

    /** Sends a quote: everything below commits together or not at all. */
    async send(
      jobId: string,
      input: Required<Pick<SendQuoteInput, 'type' | 'email'>> & { number?: string | undefined },
      userId: string,
    ): Promise<SendQuoteResult> {
      return db.transaction(async (tx) => {
        const job = await repo.lockJob(jobId, tx);
        if (!job) throw notFound('Job not found');
        if (job.status === 'cancelled') throw conflict(QUOTE_MESSAGES.cancelledJob);
        // A send is always later than the job's previous one, so "the latest quote" is never a tie.
        const previous = await repo.latestSentAt(jobId, tx);
        const now = previous && previous.getTime() >= clock().getTime() ? new Date(previous.getTime() + 1) : clock();
        const latestOfType = (await repo.history(jobId, tx)).find((h) => h.type === input.type);
        if (isDecidedQuoteStatus(latestOfType?.status)) throw conflict(QUOTE_MESSAGES.decidedNoResend);
        const facts = await repo.typeFacts(jobId, tx);
        if (!hasQuoteData(input.type, facts)) throw conflict(QUOTE_MESSAGES.noData[input.type]);
        if (!(await readSummaries(jobId, [input.type], tx)).get(input.type)!.priced)
          throw conflict(NOTHING_PRICED_MESSAGE[input.type]);
        if (!(await hasDefaultPdf(input.type, tx))) throw conflict(TEMPLATE_MESSAGES.noDefault(input.type));

        await repo.closeOpen(jobId, 'superseded', tx);
        const token = randomBytes(QUOTE_TOKEN_BYTES).toString('hex');
        const expiresAt = new Date(now.getTime() + QUOTE_TOKEN_DAYS * 86_400_000);
        const base = {
          jobId,
          quoteType: input.type,
          status: 'sent',
          token,
          expiresAt,
          email: input.email,
          sentBy: userId,
          sentAt: now,
          createdAt: now,
          amount: '0',
        };
        let row: QuoteRow | null = null;
        if (input.number) {
          row = await repo.insertIfNumberFree({ ...base, quoteNumber: input.number }, tx);
          if (!row) {
            const message = QUOTE_MESSAGES.numberTaken(input.number);
            throw new AppError(409, 'CONFLICT', message, { number: message });
          }
        } else {
          for (let attempt = 0; attempt < NUMBER_ATTEMPTS && !row; attempt++) {
            row = await repo.insertIfNumberFree({ ...base, quoteNumber: quoteNumberFor(job.number, random()) }, tx);
          }
          if (!row) throw conflict('No free quote number could be found. Please type one.');
        }

        // The job's contact e-mail first: the PDF prints the address the quote is sent to.
        await deps.jobs.setContactEmail(jobId, input.email, now, tx);
        const pdf = await quotePdf.generate({ jobId, quoteType: input.type, quoteNumber: row.quoteNumber, token }, tx);
        // The one amount (decision 031): the PDF, the e-mail, the page and job_quotes.amount state it.
        const summary = quoteSummary(pdf.data);
        const amountCents = summary.grandTotalCents;
        const stored = await storage.put(tx, {
          purpose: 'quote-pdf',
          fileName: `${row.quoteNumber}.pdf`,
          contentType: 'application/pdf',
          bytes: pdf.bytes,
          createdBy: userId,
        });
        await repo.recordDecision(
          row.id,
          { amount: centsToDecimal(amountCents), pdfFileKey: stored.key, pdfSha256: stored.sha256 },
          tx,
        );

        const links = quoteConfirmLinks(deps.publicUrl, token);
        const company = await deps.settings(tx).getCompany();
        const email = renderQuoteEmail(await emailContent(input.type, tx), {
          customerName: pdf.data.job.contactName || pdf.data.customerCompany,
          companyName: company.name,
          jobNumber: job.number,
          jobName: pdf.data.job.name,
          quoteNumber: row.quoteNumber,
          quoteType: input.type,
          locationName: pdf.data.location.name,
          unitNumber: pdf.data.unit?.unitNumber ?? '',
          totalAmount: formatCents(amountCents),
          ...emailLines(summary),
          approveUrl: links.approveUrl,
          denyUrl: links.denyUrl,
        });
        const message = await enqueueEmail(tx, {
          to: input.email,
          // "simply reply to this e-mail": the reply goes to the office, not to the no-reply sender
          replyTo: company.email || null,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: [{ fileName: `${row.quoteNumber}.pdf`, storageKey: stored.key, contentType: 'application/pdf' }],
          related: { type: 'job_quote', id: row.id },
        });
        const sentRow = await repo.byId(row.id, tx);
        await recordWebhookEvent(tx, 'quote.sent', quoteEventData(sentRow!), now);
        const [item] = (await repo.history(jobId, tx)).filter((h) => h.id === row.id);
        return { quote: item!, outboxMessageId: message.id, message: QUOTE_MESSAGES.sent };
      });
    },

    /** The customer's drawn signature: the office sees every one, a technician those of jobs assigned to them. */
    async signature(quoteId: string, actor: { id: string; role: string }): Promise<Buffer> {
      const row = await repo.byId(quoteId);
      if (row) await quotePdf.assertMayView(actor, row.jobId);
      const file = row?.signatureFileKey ? await storage.get(db, row.signatureFileKey) : null;
      if (!file) throw notFound('Signature not found');
      return file.bytes;
    },

    async publicQuote(token: string): Promise<PublicQuoteView> {
      const row = await repo.byToken(token);
      // A decided, withdrawn or replaced quote says so for good; only an open one's link runs out.
      if (!row || !(isDecidedQuoteStatus(row.status) || row.status === 'withdrawn' || row.status === 'superseded'))
        assertOpenable(row, clock());
      return publicView(row!, db);
    },

    /**
     * The customer's answer. The job row is locked first (as a send does), then the quote row, so
     * answers on the job's quotes queue: the first decides, a repeat finds the quote decided and gets
     * the stored decision, and the fee rule reads the job's other quotes as they stand.
     *
     * Declining charges the inspection fee (item, invoice issued and e-mailed) only when the job has
     * no approved quote and no fee yet (declineChargesFee, issue 26); it never changes another
     * quote. The office gets a notice of either answer.
     */
    async decide(token: string, input: DecisionValues, meta: DecisionMeta): Promise<DecisionResult> {
      const now = clock();
      return db.transaction(async (tx) => {
        const found = await repo.byToken(token, tx);
        if (found) await repo.lockJob(found.jobId, tx);
        const row = found ? await repo.byToken(token, tx, true) : null;
        if (row && isDecidedQuoteStatus(row.status)) return { view: await publicView(row, tx), alreadyDecided: true };
        if (row?.status === 'withdrawn') throw conflict(QUOTE_MESSAGES.withdrawn);
        if (row?.status === 'superseded') throw conflict(QUOTE_MESSAGES.superseded);
        assertOpenable(row, now);

        const signature = signatureBytes(input.signature);
        const stored = signature
          ? await storage.put(tx, {
              purpose: 'quote-signature',
              fileName: `signature-${row.quoteNumber}.png`,
              contentType: 'image/png',
              bytes: signature,
            })
          : null;
        const evidence = {
          decidedAt: now,
          signerName: input.signerName,
          signatureFileKey: stored?.key ?? null,
          decisionIp: meta.ip?.slice(0, 64) ?? null,
          decisionUserAgent: meta.userAgent?.slice(0, 300) ?? null,
        };

        if (!input.approve) {
          const others = (await repo.outcomesOfJob(row.jobId, tx)).filter((o) => o.id !== row.id);
          let fee: Parameters<typeof declineNotice>[0]['fee'];
          let feeInvoiceId: string | null = null;
          if (declineChargesFee(row.quoteType, others)) {
            await deps.jobs.addItemUnlessPresent(
              row.jobId,
              {
                code: INSPECTION_FEE_CODE,
                name: INSPECTION_FEE_NAME,
                serviceLine: INSPECTION_FEE_SERVICE_LINE,
                cents: INSPECTION_FEE_CENTS,
              },
              now,
              tx,
            );
            const invoice = await createInvoice(tx, {
              jobId: row.jobId,
              type: 'inspection',
              createdBy: null,
              amountOverride: INSPECTION_FEE_CENTS,
              now,
            });
            const sent = await sendInvoice(
              tx,
              { storage, now },
              { invoiceId: invoice.id, email: row.email, changedBy: null },
            );
            feeInvoiceId = invoice.id;
            fee = {
              charged: true,
              invoiceNumber: sent.invoiceNumber,
              amountCents: sent.amountCents,
              sentTo: row.email,
            };
          } else {
            fee = { charged: false, why: others.some((o) => o.status === 'approved') ? 'approved' : 'already-charged' };
          }
          await repo.recordDecision(
            row.id,
            {
              ...evidence,
              status: 'declined',
              declineReason: input.reason,
              declineComment: input.comment,
              feeInvoiceId,
            },
            tx,
          );
          const { facts } = await noticeFacts(row, input, meta, now, tx);
          const notice = declineNotice({ ...facts, reason: input.reason, comment: input.comment, fee });
          await enqueueEmail(tx, {
            to: deps.officeEmail,
            subject: notice.subject,
            text: notice.text,
            related: { type: 'job_quote', id: row.id },
          });
        } else {
          const inspections = row.quoteType === 'other' ? [] : await readInspectionsAndRepairs(tx, row.jobId);
          const chosen = new Map(input.options.map((o) => [o.inspectionId, o.phase]));
          // Only an offered option (one with a price, decision 031) can be chosen.
          const units = quoteSummary({ quoteType: row.quoteType as QuoteType, inspections, items: [] }).units;
          const withRepair = inspections.filter((i, n) => units[n]?.chosenPhase);
          for (const [id, phase] of chosen) {
            const i = withRepair.find((w) => w.id === id);
            if (!i || !offeredOptions(i).some((o) => o.phase === phase))
              throw badRequest(QUOTE_MESSAGES.optionsInvalid, { options: QUOTE_MESSAGES.optionsInvalid });
          }
          const choices = withRepair.map((i) => {
            const phase: RepairPhase = chosen.get(i.id) ?? units[inspections.indexOf(i)]!.chosenPhase!;
            return {
              inspectionId: i.id,
              phase,
              totalCents: repairOptionTotals(i.repair!)[phase],
              model: i.modelNumber,
            };
          });
          await deps.repairs.applyCustomerChoices(
            tx,
            row.jobId,
            choices.map((c) => ({ inspectionId: c.inspectionId, selectedPhase: c.phase })),
          );
          await repo.recordDecision(
            row.id,
            {
              ...evidence,
              status: 'approved',
              chosenOptions: choices.map(({ inspectionId, phase }) => ({ inspectionId, phase })),
            },
            tx,
          );
          const { facts, unitNumber } = await noticeFacts(row, input, meta, now, tx);
          const notice = approvalNotice({
            ...facts,
            unitNumber,
            choices: choices.map((c) => ({ modelNumber: c.model, phase: c.phase, totalCents: c.totalCents })),
            // The quote's one total with the customer's choices (quoteSummary): options and items.
            totalLabel: 'Total',
            totalCents:
              row.quoteType === 'other'
                ? Math.round(Number(row.amount) * 100)
                : (await readSummaries(row.jobId, [row.quoteType as QuoteType], tx)).get(row.quoteType as QuoteType)!
                    .grandTotalCents,
          });
          await enqueueEmail(tx, {
            to: deps.officeEmail,
            subject: notice.subject,
            text: notice.text,
            related: { type: 'job_quote', id: row.id },
          });
        }
        const decided = await repo.byToken(token, tx);
        await recordWebhookEvent(
          tx,
          input.approve ? 'quote.approved' : 'quote.declined',
          quoteEventData(decided!),
          now,
        );
        return { view: await publicView(decided!, tx), alreadyDecided: false };
      });
    },

    /**
     * The office withdraws a quote awaiting the customer (issue 26): its link then says it was
     * withdrawn and takes no answer. A decided quote stays as the customer left it.
     */
    async withdraw(quoteId: string): Promise<WithdrawQuoteResult> {
      return db.transaction(async (tx) => {
        const found = await repo.byId(quoteId, tx);
        if (!found) throw notFound('Quote not found');
        await repo.lockJob(found.jobId, tx);
        const row = (await repo.byId(quoteId, tx, true))!;
        if (isDecidedQuoteStatus(row.status)) throw conflict(QUOTE_MESSAGES.withdrawDecided);
        if (
          !isOpenQuoteAt({ status: row.status, expiresAt: row.expiresAt }, clock()) ||
          !(await repo.withdraw(row.id, tx))
        )
          throw conflict(QUOTE_MESSAGES.withdrawNotOpen);
        const [item] = (await repo.history(row.jobId, tx)).filter((h) => h.id === row.id);
        return { quote: item!, message: QUOTE_MESSAGES.withdrawDone };
      });
    },
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
