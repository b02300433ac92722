/**
 * The SQL of sent quotes (decision 018): job_quotes rows and the job's facts a send needs. What a
 * quote prints is read by quote-document.repo.ts; the job's and its repairs' rows are written by
 * the jobs and inspections modules (docs/decisions/028).
 */
import { and, asc, count, desc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import { toCents } from '../../../domain/money.js';
import {
  DECIDED_QUOTE_STATUSES,
  type DeclineReason,
  type JobQuoteHistoryItem,
  type QuoteStatus,
} from '../../../domain/quotes.js';
import type { QuoteType } from '../../../domain/quote-templates.js';
import type { RepairPhase } from '../../../domain/repairs.js';
import { readTogether, type Executor } from '../../db/client.js';
import {
  jobChanges,
  jobInspectionChanges,
  jobInspections,
  jobInvoices,
  jobItems,
  jobQuotes,
  jobRepairs,
  jobs,
  users,
} from '../../db/schema.js';
import { personFullName } from '../../db/person-name.js';

export type QuoteRow = typeof jobQuotes.$inferSelect;

export interface QuoteTypeFacts {
  completedInspections: number;
  repairs: number;
  items: number;
  /** the newest job item's creation time by item type, the inspection fee item aside (Quote Needs Update) */
  lastItemAt: Record<'part' | 'labor' | 'item', Date | null>;
  /** the latest edit of what a quote shows of the job (job_changes.quote_relevant, issue 26): Quote Needs Update */
  lastJobChangeAt: Date | null;
  /** the latest change to the job's inspections and repairs (the resend banner) */
  lastInspectionChangeAt: Date | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function toHistoryItem(
  row: QuoteRow & { sentByName: string | null; feeInvoiceNumber: string | null },
): JobQuoteHistoryItem {
  return {
    id: row.id,
    number: row.quoteNumber,
    type: row.quoteType as QuoteType,
    status: row.status as QuoteStatus,
    amountCents: toCents(row.amount),
    email: row.email,
    sentAt: row.sentAt.toISOString(),
    sentByName: row.sentByName,
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    signerName: row.signerName,
    signatureUrl: row.signatureFileKey ? `/api/quotes/${row.id}/signature` : null,
    chosenOptions: (row.chosenOptions as { inspectionId: string; phase: RepairPhase }[] | null) ?? null,
    declineReason: (row.declineReason as DeclineReason | null) ?? null,
    declineComment: row.declineComment,
    decisionIp: row.decisionIp,
    decisionUserAgent: row.decisionUserAgent,
    pdfSha256: row.pdfSha256,
    feeInvoice:
      row.feeInvoiceId && row.feeInvoiceNumber ? { id: row.feeInvoiceId, number: row.feeInvoiceNumber } : null,
  };
}

export function createQuotesRepo(db: Executor) {
  return {
    /** The job row, locked for the send (one send of a job at a time). */
    async lockJob(
      jobId: string,
      exec: Executor,
    ): Promise<{ id: string; number: number; contactEmail: string | null; status: string } | null> {
      const [row] = await exec
        .select({ id: jobs.id, number: jobs.number, contactEmail: jobs.contactEmail, status: jobs.status })
        .from(jobs)
        .where(eq(jobs.id, jobId))
        .for('update');
      return row ?? null;
    },

    async job(
      jobId: string,
      exec: Executor = db,
    ): Promise<{ id: string; number: number; contactEmail: string | null } | null> {
      const [row] = await exec
        .select({ id: jobs.id, number: jobs.number, contactEmail: jobs.contactEmail })
        .from(jobs)
        .where(eq(jobs.id, jobId));
      return row ?? null;
    },

    async typeFacts(jobId: string, exec: Executor = db): Promise<QuoteTypeFacts> {
      const [[inspections], [repairs], [items], [changes], [jobChange]] = await readTogether(exec, [
        () =>
          exec
            .select({ n: count() })
            .from(jobInspections)
            .where(and(eq(jobInspections.jobId, jobId), eq(jobInspections.completed, true))),
        () =>
          exec
            .select({ n: count() })
            .from(jobRepairs)
            .innerJoin(jobInspections, eq(jobInspections.id, jobRepairs.inspectionId))
            .where(and(eq(jobRepairs.jobId, jobId), eq(jobInspections.completed, true))),
        // The INSP-FEE item a customer's deny adds is not a change the quote must show (no "Quote Needs Update").
        () =>
          exec
            .select({
              n: count(),
              part: sql<
                Date | string | null
              >`max(${jobItems.createdAt}) filter (where upper(btrim(${jobItems.code})) <> 'INSP-FEE' and ${jobItems.type} = 'part')`,
              labor: sql<
                Date | string | null
              >`max(${jobItems.createdAt}) filter (where upper(btrim(${jobItems.code})) <> 'INSP-FEE' and ${jobItems.type} = 'labor')`,
              item: sql<
                Date | string | null
              >`max(${jobItems.createdAt}) filter (where upper(btrim(${jobItems.code})) <> 'INSP-FEE' and ${jobItems.type} = 'item')`,
            })
            .from(jobItems)
            .where(eq(jobItems.jobId, jobId)),
        () =>
          exec
            .select({
              at: sql<Date | string | null>`greatest(
              (select ${jobInspectionChanges.changedAt} from ${jobInspectionChanges} where ${jobInspectionChanges.jobId} = ${jobId}),
              (select max(${jobInspections.updatedAt}) from ${jobInspections} where ${jobInspections.jobId} = ${jobId}),
              (select max(${jobRepairs.updatedAt}) from ${jobRepairs} where ${jobRepairs.jobId} = ${jobId}))`,
            })
            .from(sql`(select 1) as one`),
        () =>
          exec
            .select({ at: max(jobChanges.at) })
            .from(jobChanges)
            .where(and(eq(jobChanges.jobId, jobId), eq(jobChanges.quoteRelevant, true))),
      ]);
      return {
        completedInspections: inspections?.n ?? 0,
        repairs: repairs?.n ?? 0,
        items: items?.n ?? 0,
        lastItemAt: {
          part: items?.part ? new Date(items.part) : null,
          labor: items?.labor ? new Date(items.labor) : null,
          item: items?.item ? new Date(items.item) : null,
        },
        lastJobChangeAt: jobChange?.at ? new Date(jobChange.at) : null,
        lastInspectionChangeAt: changes?.at ? new Date(changes.at) : null,
      };
    },

    /** The job's quotes, newest first, with the sender's name and the fee invoice's number. */
    async history(jobId: string, exec: Executor = db): Promise<JobQuoteHistoryItem[]> {
      const rows = await exec
        .select({
          quote: jobQuotes,
          sentByName: personFullName(users),
          username: users.username,
          feeInvoiceNumber: jobInvoices.invoiceNumber,
        })
        .from(jobQuotes)
        .leftJoin(users, eq(users.id, jobQuotes.sentBy))
        .leftJoin(jobInvoices, eq(jobInvoices.id, jobQuotes.feeInvoiceId))
        .where(eq(jobQuotes.jobId, jobId))
        .orderBy(desc(jobQuotes.sentAt), desc(jobQuotes.id));
      return rows.map((r) =>
        toHistoryItem({
          ...r.quote,
          sentByName: r.sentByName ?? r.username ?? null,
          feeInvoiceNumber: r.feeInvoiceNumber ?? null,
        }),
      );
    },

    async numberTaken(number: string, exec: Executor = db): Promise<boolean> {
      const [row] = await exec
        .select({ id: jobQuotes.id })
        .from(jobQuotes)
        .where(eq(jobQuotes.quoteNumber, number))
        .limit(1);
      return Boolean(row);
    },

    async latestSentAt(jobId: string, exec: Executor): Promise<Date | null> {
      const [row] = await exec
        .select({ at: max(jobQuotes.sentAt) })
        .from(jobQuotes)
        .where(eq(jobQuotes.jobId, jobId));
      return row?.at ? new Date(row.at) : null;
    },

    /**
     * Closes the job's quote still awaiting the customer: superseded by a newer send, or withdrawn
     * when the job is cancelled (RULINGS: cancelling a job withdraws its open quotes).
     */
    async closeOpen(jobId: string, status: 'superseded' | 'withdrawn', exec: Executor): Promise<void> {
      await exec
        .update(jobQuotes)
        .set({ status })
        .where(and(eq(jobQuotes.jobId, jobId), eq(jobQuotes.status, 'sent')));
    },

    /** A deleted job's quotes the customer has not answered (an answered one refuses the delete). */
    async deleteUnanswered(jobId: string, exec: Executor): Promise<void> {
      await exec
        .delete(jobQuotes)
        .where(and(eq(jobQuotes.jobId, jobId), notInArray(jobQuotes.status, [...DECIDED_QUOTE_STATUSES])));
    },

    /** Inserts the row unless its number is taken (then null: the caller draws another). */
    async insertIfNumberFree(values: typeof jobQuotes.$inferInsert, exec: Executor): Promise<QuoteRow | null> {
      const [row] = await exec
        .insert(jobQuotes)
        .values(values)
        .onConflictDoNothing({ target: jobQuotes.quoteNumber })
        .returning();
      return row ?? null;
    },

    async setPdf(quoteId: string, fileKey: string, sha256: string, exec: Executor): Promise<void> {
      await exec.update(jobQuotes).set({ pdfFileKey: fileKey, pdfSha256: sha256 }).where(eq(jobQuotes.id, quoteId));
    },

    /** The quote of a link; `lock` takes the row lock that serializes decisions (SELECT ... FOR UPDATE). */
    async byToken(token: string, exec: Executor = db, lock = false): Promise<QuoteRow | null> {
      const query = exec.select().from(jobQuotes).where(eq(jobQuotes.token, token));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async byId(id: string, exec: Executor = db, lock = false): Promise<QuoteRow | null> {
      const query = exec.select().from(jobQuotes).where(eq(jobQuotes.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The job's quotes' outcomes, for the inspection fee rule (declineChargesFee). */
    async outcomesOfJob(
      jobId: string,
      exec: Executor = db,
    ): Promise<{ id: string; status: string; feeInvoiceId: string | null }[]> {
      return exec
        .select({ id: jobQuotes.id, status: jobQuotes.status, feeInvoiceId: jobQuotes.feeInvoiceId })
        .from(jobQuotes)
        .where(eq(jobQuotes.jobId, jobId));
    },

    /** The office withdraws a quote still awaiting the customer; false when it no longer was. */
    async withdraw(quoteId: string, exec: Executor): Promise<boolean> {
      const rows = await exec
        .update(jobQuotes)
        .set({ status: 'withdrawn' })
        .where(and(eq(jobQuotes.id, quoteId), eq(jobQuotes.status, 'sent')))
        .returning({ id: jobQuotes.id });
      return rows.length === 1;
    },

    async invoiceNumber(invoiceId: string, exec: Executor = db): Promise<string | null> {
      const [row] = await exec
        .select({ n: jobInvoices.invoiceNumber })
        .from(jobInvoices)
        .where(eq(jobInvoices.id, invoiceId));
      return row?.n ?? null;
    },

    async recordDecision(
      quoteId: string,
      values: Partial<typeof jobQuotes.$inferInsert>,
      exec: Executor,
    ): Promise<void> {
      await exec.update(jobQuotes).set(values).where(eq(jobQuotes.id, quoteId));
    },

    async inspectionIdsWithRepairs(jobId: string, exec: Executor = db): Promise<string[]> {
      const rows = await exec
        .select({ id: jobRepairs.inspectionId })
        .from(jobRepairs)
        .innerJoin(jobInspections, eq(jobInspections.id, jobRepairs.inspectionId))
        .where(and(eq(jobRepairs.jobId, jobId), eq(jobInspections.completed, true)))
        .orderBy(asc(jobInspections.createdAt));
      return rows.map((r) => r.id);
    },

    async quotesOfIds(ids: string[], exec: Executor = db): Promise<QuoteRow[]> {
      return ids.length ? exec.select().from(jobQuotes).where(inArray(jobQuotes.id, ids)) : [];
    },
  };
}
export type QuotesRepo = ReturnType<typeof createQuotesRepo>;
