/**
 * The office's notices of a customer's decision on a quote (issue 26): the approval and the
 * decline, in one style. Times are in the company's time zone with its short name; each inspected
 * unit is named by its unit number (and which inspection of it, when one unit was inspected more
 * than once); the job is one absolute link away.
 */
import { formatDateTimeInZone } from './dates.js';
import { formatCents } from './money.js';
import { DECLINE_REASON_LABELS, QUOTE_TITLES, type DeclineReason } from './quotes.js';
import type { QuoteType } from './quote-templates.js';
import { REPAIR_PHASE_LABELS, type RepairPhase } from './repairs.js';

/** The job page's absolute address: {PUBLIC_URL}/jobs/{id}. */
export function jobUrl(publicUrl: string, jobId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/jobs/${encodeURIComponent(jobId)}`;
}

/**
 * How a notice names the inspection at `index` of `count` (oldest first): the unit's number, and
 * which inspection of it when the job inspected it more than once, with the model when known.
 * "RTU-7", "RTU-7, inspection 2 of 2 (model ZJ-150)"; without a unit "Inspection 2 of 2".
 */
export function inspectedUnitName(
  unitNumber: string | null,
  index: number,
  count: number,
  modelNumber: string | null,
): string {
  const which = count > 1 ? `inspection ${index + 1} of ${count}` : '';
  const base = unitNumber
    ? which
      ? `${unitNumber}, ${which}`
      : unitNumber
    : which
      ? `Inspection ${index + 1} of ${count}`
      : 'The inspected unit';
  return modelNumber ? `${base} (model ${modelNumber})` : base;
}

export interface DecisionNoticeFacts {
  quoteNumber: string;
  quoteType: QuoteType;
  jobNumber: number;
  jobName: string;
  /** absolute, from jobUrl */
  jobLink: string;
  location: { name: string; address: string; city: string; state: string; zip: string } | null;
  signerName: string;
  decidedAt: Date;
  timeZone: string;
  ip: string | null;
}

export interface NoticeMessage {
  subject: string;
  text: string;
}

const quoteName = (facts: DecisionNoticeFacts) => `${QUOTE_TITLES[facts.quoteType].toLowerCase()} ${facts.quoteNumber}`;

function head(facts: DecisionNoticeFacts, verb: 'approved' | 'declined'): string[] {
  const l = facts.location;
  return [
    `${facts.signerName} ${verb} ${quoteName(facts)} for job #${facts.jobNumber} ${facts.jobName}.`,
    l ? `Location: ${l.name}, ${l.address}, ${l.city}, ${l.state} ${l.zip}` : '',
  ];
}

function tail(facts: DecisionNoticeFacts, verb: 'Approved' | 'Declined', closing: string): string[] {
  return [
    `${verb} at ${formatDateTimeInZone(facts.decidedAt, facts.timeZone)} from ${facts.ip ?? 'an unknown address'}.`,
    '',
    closing,
    `Open the job: ${facts.jobLink}`,
  ];
}

const join = (lines: string[]) =>
  lines
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();

/** The approval: each inspected unit's chosen option and price, and the total approved. */
export function approvalNotice(
  facts: DecisionNoticeFacts & {
    unitNumber: string | null;
    choices: { modelNumber: string | null; phase: RepairPhase; totalCents: number }[];
    totalCents: number;
    /** "Total of the chosen options" for repair options; "Total" for an items quote */
    totalLabel: string;
  },
): NoticeMessage {
  return {
    subject: `Quote ${facts.quoteNumber} approved for Job #${facts.jobNumber}`,
    text: join([
      ...head(facts, 'approved'),
      '',
      ...facts.choices.map(
        (c, i) =>
          `${inspectedUnitName(facts.unitNumber, i, facts.choices.length, c.modelNumber)}: ${REPAIR_PHASE_LABELS[c.phase]} (${formatCents(c.totalCents)})`,
      ),
      `${facts.totalLabel}: ${formatCents(facts.totalCents)}`,
      ...tail(facts, 'Approved', 'Please contact the customer to schedule the work.'),
    ]),
  };
}

/**
 * The decline: the reason and comment the customer gave, and whether the inspection fee was
 * charged (the invoice) or not (why not: an earlier approval, or the fee already charged).
 */
export function declineNotice(
  facts: DecisionNoticeFacts & {
    reason: DeclineReason | null;
    comment: string | null;
    fee:
      | { charged: true; invoiceNumber: string; amountCents: number; sentTo: string }
      | { charged: false; why: 'approved' | 'already-charged' };
  },
): NoticeMessage {
  const fee = facts.fee;
  return {
    subject: `Quote ${facts.quoteNumber} declined for Job #${facts.jobNumber}`,
    text: join([
      ...head(facts, 'declined'),
      '',
      `Reason: ${facts.reason ? DECLINE_REASON_LABELS[facts.reason] : 'not given'}`,
      facts.comment ? `Comment: ${facts.comment}` : '',
      fee.charged
        ? `Inspection fee: invoice ${fee.invoiceNumber} for ${formatCents(fee.amountCents)} was issued and e-mailed to ${fee.sentTo}.`
        : fee.why === 'approved'
          ? 'No inspection fee was charged: the customer approved another quote on this job.'
          : 'No inspection fee was charged: it was already charged on this job.',
      ...tail(facts, 'Declined', 'Please follow up with the customer.'),
    ]),
  };
}
