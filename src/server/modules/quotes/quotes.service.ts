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
import { centsToDecimal, formatCents } from '../../../domain/money.js';
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
import {
  decidedQuoteDetailsShown,
  effectiveQuoteStatus,
  hasQuoteData,
  isDecidedQuoteStatus,
  INSPECTION_FEE_CENTS,
  jobQuoteBadges,
  QUOTE_MESSAGES,
  QUOTE_TOKEN_BYTES,
  QUOTE_TOKEN_DAYS,
  quoteConfirmLinks,
  quoteNumberFor,
  repairOptionTotals,
  sendButtonLabel,
  sentQuoteAmountCents,
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
} from '../../../domain/quotes.js';
import { REPAIR_PHASE_LABELS, type RepairPhase } from '../../../domain/repairs.js';
import { readTogether, type Database, type Executor } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { enqueueEmail } from '../../outbox/outbox.js';
import type { FileStorage } from '../../storage/storage.js';
import { createInvoice, sendInvoice } from '../invoices/index.js';
import type { InspectionsRepo } from '../inspections/index.js';
import type { JobDecisionsRepo } from '../jobs/index.js';
import type { QuoteTemplatesRepo } from '../quote-templates/index.js';
import type { SettingsRepo } from '../settings/index.js';
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
  /** The inspections module's write (it owns job_repairs): the options the customer chose. */
  repairs: Pick<InspectionsRepo, 'setSelectedPhasesOfJob'>;
  templates: QuoteTemplatesRepo;
  quotePdf: QuotePdfService;
  storage: FileStorage;
  settings: (exec: Executor) => SettingsRepo;
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

  /** The customer page's data for one quote (this quote only). */
  async function publicView(row: QuoteRow, exec: Executor): Promise<PublicQuoteView> {
    const [job, company, inspections, items] = await readTogether(exec, [
      () => readQuoteJob(exec, row.jobId),
      () => deps.settings(exec).getCompany(),
      () => (row.quoteType === 'other' ? Promise.resolve([]) : readInspectionsAndRepairs(exec, row.jobId)),
      () => (row.quoteType === 'other' ? readJobItems(exec, row.jobId) : Promise.resolve([])),
    ]);
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
      status: isDecidedQuoteStatus(status) || status === 'withdrawn' ? status : 'pending',
      archived: false,
      quoteNumber: row.quoteNumber,
      quoteType: row.quoteType as QuoteType,
      jobNumber: job.number,
      serviceName: job.name,
      companyName: company.name,
      companyPhone: company.phone,
      location: {
        name: job.location.name,
        address: job.location.address,
        city: job.location.city,
        state: job.location.state,
        zip: job.location.zip,
      },
      unitNumber: job.unit?.unitNumber ?? null,
      inspections: inspections.map((i) => {
        const totals = i.repair ? repairOptionTotals(i.repair) : null;
        return {
          id: i.id,
          modelNumber: i.modelNumber,
          serialNumber: i.serialNumber,
          age: i.age,
          tonnage: i.tonnage,
          unitType: i.unitType,
          systemType: i.systemType,
          options:
            i.repair && totals
              ? i.repair.options.map((o) => ({
                  phase: o.phase,
                  label: o.label || REPAIR_PHASE_LABELS[o.phase],
                  description: o.description,
                  totalCents: totals[o.phase],
                }))
              : null,
          selectedPhase: i.repair?.selectedPhase ?? null,
        };
      }),
      items: items.map((i) => ({ name: i.name, quantity: i.quantity, totalCents: i.totalCents })),
      totalCents: Math.round(Number(row.amount) * 100),
      inspectionFeeCents: INSPECTION_FEE_CENTS,
      expiresAt: row.expiresAt.toISOString(),
      decision,
    };
  }

  /**
   * A decision older than DECIDED_QUOTE_DETAIL_DAYS: that it was made, when, and whom to call;
   * nothing of the quote itself (its lines, the place, the signature).
   */
  function archivedView(
    row: QuoteRow,
    status: 'approved' | 'declined',
    company: { name: string; phone: string },
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
      location: { name: '', address: '', city: '', state: '', zip: '' },
      unitNumber: null,
      inspections: [],
      items: [],
      totalCents: 0,
      inspectionFeeCents: INSPECTION_FEE_CENTS,
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

  /** A link that is unknown, replaced by a newer send, or past its 30 days. */
  function assertOpenable(row: QuoteRow | null, now: Date): asserts row is QuoteRow {
    if (!row) throw notFound(QUOTE_MESSAGES.notFound);
    const status = effectiveQuoteStatus({ status: row.status as QuoteStatus, expiresAt: row.expiresAt }, now);
    if (status === 'superseded' || status === 'expired') throw notFound(QUOTE_MESSAGES.notFound);
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
      const [facts, history, defaults] = await Promise.all([
        repo.typeFacts(jobId),
        repo.history(jobId),
        Promise.all(QUOTE_TYPES.map((t) => hasDefaultPdf(t, db))),
      ]);
      const now = clock();
      const withStatus = history.map((h): JobQuoteHistoryItem => ({ ...h, status: effectiveQuoteStatus(h, now) }));
      const stateOf = (type: QuoteType, index: number): QuoteCardState => {
        const latest = withStatus.find((h) => h.type === type) ?? null;
        const sentAt = latest ? Date.parse(latest.sentAt) : null;
        // An item added, or a job detail the quote shows edited (issue 26), after the send.
        const needsUpdate =
          sentAt !== null &&
          [facts.lastItemAt, facts.lastJobChangeAt].some((at) => at !== null && at.getTime() > sentAt);
        const inspectionChanged =
          sentAt !== null && facts.lastInspectionChangeAt !== null && facts.lastInspectionChangeAt.getTime() > sentAt;
        const hasData = hasQuoteData(type, facts);
        const reason = !hasData
          ? QUOTE_MESSAGES.noData[type]
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
          reason,
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
        badges: jobQuoteBadges(latest),
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
        const facts = await repo.typeFacts(jobId, tx);
        if (!hasQuoteData(input.type, facts)) throw conflict(QUOTE_MESSAGES.noData[input.type]);
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
        const amountCents = sentQuoteAmountCents(pdf.data);
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
          approveUrl: links.approveUrl,
          denyUrl: links.denyUrl,
        });
        const message = await enqueueEmail(tx, {
          to: input.email,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: [{ fileName: `${row.quoteNumber}.pdf`, storageKey: stored.key, contentType: 'application/pdf' }],
          related: { type: 'job_quote', id: row.id },
        });
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
      // A decided or withdrawn quote says so for good; only an open one's link runs out.
      if (!row || !(isDecidedQuoteStatus(row.status) || row.status === 'withdrawn')) assertOpenable(row, clock());
      return publicView(row!, db);
    },

    /**
     * The customer's answer. The quote row is locked first, so simultaneous answers queue: the
     * first decides, the rest find it decided and get the stored decision.
     */
    async decide(token: string, input: DecisionValues, meta: DecisionMeta): Promise<DecisionResult> {
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await repo.byToken(token, tx, true);
        if (row && isDecidedQuoteStatus(row.status)) return { view: await publicView(row, tx), alreadyDecided: true };
        if (row?.status === 'withdrawn') throw conflict(QUOTE_MESSAGES.withdrawn);
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
          await sendInvoice(tx, { storage, now }, { invoiceId: invoice.id, email: row.email, changedBy: null });
          await repo.recordDecision(
            row.id,
            {
              ...evidence,
              status: 'declined',
              declineReason: input.reason,
              declineComment: input.comment,
              feeInvoiceId: invoice.id,
            },
            tx,
          );
        } else {
          const inspections = row.quoteType === 'other' ? [] : await readInspectionsAndRepairs(tx, row.jobId);
          const chosen = new Map(input.options.map((o) => [o.inspectionId, o.phase]));
          const withRepair = inspections.filter((i) => i.repair);
          for (const id of chosen.keys()) {
            if (!withRepair.some((i) => i.id === id))
              throw badRequest(QUOTE_MESSAGES.optionsInvalid, { options: QUOTE_MESSAGES.optionsInvalid });
          }
          const choices = withRepair.map((i) => {
            const phase: RepairPhase = chosen.get(i.id) ?? i.repair!.selectedPhase;
            return { inspectionId: i.id, phase, totalCents: repairOptionTotals(i.repair!)[phase] };
          });
          await deps.repairs.setSelectedPhasesOfJob(row.jobId, choices, tx);
          await repo.recordDecision(
            row.id,
            {
              ...evidence,
              status: 'approved',
              chosenOptions: choices.map(({ inspectionId, phase }) => ({ inspectionId, phase })),
            },
            tx,
          );
          const job = await readQuoteJob(tx, row.jobId);
          const totalCents = choices.reduce((sum, c) => sum + c.totalCents, 0);
          await enqueueEmail(tx, {
            to: deps.officeEmail,
            subject: `Quote ${row.quoteNumber} approved for Job #${job?.number ?? ''}`,
            text: [
              `${input.signerName} approved quote ${row.quoteNumber} for job #${job?.number ?? ''} ${job?.name ?? ''}.`,
              job
                ? `Location: ${job.location.name}, ${job.location.address}, ${job.location.city}, ${job.location.state} ${job.location.zip}`
                : '',
              ...choices.map((c, n) => `Unit ${n + 1}: ${REPAIR_PHASE_LABELS[c.phase]} (${formatCents(c.totalCents)})`),
              row.quoteType === 'other'
                ? `Total: ${formatCents(Math.round(Number(row.amount) * 100))}`
                : `Total of the chosen options: ${formatCents(totalCents)}`,
              `Approved at ${now.toISOString()} from ${meta.ip ?? 'an unknown address'}.`,
              'Please contact the customer to schedule the work.',
            ]
              .filter(Boolean)
              .join('\n'),
            related: { type: 'job_quote', id: row.id },
          });
        }
        const decided = await repo.byToken(token, tx);
        return { view: await publicView(decided!, tx), alreadyDecided: false };
      });
    },
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
