/**
 * The customer's notice that a job was completed (issue 26): Complete Job e-mails the job's contact,
 * through the outbox, what was done, where and when. The Complete Job dialog says who will get it
 * with `completeJobDescription`, from the same recipient rule the server uses.
 */
import { formatDateTimeInZone } from '../dates.js';
import type { JobItemType } from './constants.js';

const ITEM_TYPE_WORDS: Record<JobItemType, string> = { part: 'part', labor: 'labor', item: 'item' };

/** Who is told a job was completed: the job's contact e-mail, or nobody when it has none. */
export function completionNoticeRecipient(job: { contactEmail: string | null }): string | null {
  const to = job.contactEmail?.trim();
  return to ? to : null;
}

/** The Complete Job dialog's text: who will be notified (or that nobody will be). */
export function completeJobDescription(recipient: string | null): string {
  return recipient
    ? `Mark this job as completed? A completion notice with the work done will be e-mailed to ${recipient}.`
    : 'Mark this job as completed? Nobody will be notified: the job has no contact e-mail.';
}

export interface CompletionNoticeInput {
  job: {
    number: number;
    name: string;
    contactName: string | null;
    location: { name: string; address: string; city: string; state: string; zip: string };
    unit: { unitNumber: string } | null;
    items: readonly { type: JobItemType; name: string; quantity: number }[];
  };
  /** the repairs the customer approved, with the option they chose (none when nothing was approved) */
  repairs: readonly {
    modelNumber: string | null;
    serialNumber: string | null;
    optionLabel: string;
    optionDescription: string | null;
  }[];
  completedAt: Date;
  /** the company's zone: the completion time is written in it, with its short name */
  timeZone: string;
  company: { name: string; phone: string };
}

/**
 * The notice's subject and text. It lists the work (the job's items with their quantities and the
 * approved repairs), not prices: the invoice states what is owed.
 */
export function completionNotice(input: CompletionNoticeInput): { subject: string; text: string } {
  const { job, repairs, company } = input;
  const place = job.location;
  const unit = (r: CompletionNoticeInput['repairs'][number]) =>
    [r.modelNumber ? `model ${r.modelNumber}` : '', r.serialNumber ? `serial ${r.serialNumber}` : '']
      .filter(Boolean)
      .join(', ');
  const work = [
    ...job.items.map((i) => `- ${i.quantity} × ${i.name} (${ITEM_TYPE_WORDS[i.type]})`),
    ...repairs.map((r) => {
      const what = [r.optionLabel, r.optionDescription?.trim()].filter(Boolean).join(': ');
      const where = unit(r);
      return `- Repair${where ? ` of the unit (${where})` : ''}: ${what}`;
    }),
  ];
  const lines = [
    job.contactName ? `Dear ${job.contactName},` : 'Hello,',
    '',
    `${company.name} has completed job #${job.number} (${job.name}).`,
    '',
    `Job number: ${job.number}`,
    `Location: ${place.name}, ${place.address}, ${place.city}, ${place.state} ${place.zip}`,
    ...(job.unit ? [`Unit: ${job.unit.unitNumber}`] : []),
    `Completed: ${formatDateTimeInZone(input.completedAt, input.timeZone)}`,
    '',
    'Work done:',
    ...(work.length ? work : ['- The service visit (no parts or repairs were recorded).']),
    '',
    'If anything is not as it should be, please call us.',
    company.name,
    company.phone,
  ];
  return {
    subject: `Job #${job.number} completed: ${job.name}`,
    text: lines
      .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
      .join('\n')
      .trim(),
  };
}
