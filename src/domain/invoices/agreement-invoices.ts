/**
 * How an invoice names what it bills (decision 052): a job ("job #1042 (Rooftop PM)") or, for a
 * service agreement's advance invoice, which has no job, the agreement and its billing period
 * ("service agreement #1001 (Acme PM), 1/1/2027 to 3/31/2027"). One rule for the e-mail, the PDF,
 * the lists and the invoice page.
 */
export interface BilledThing {
  jobNumber: number | null;
  jobName: string | null;
  agreement: { number: number; name: string; periodStart: string | null; periodEnd: string | null } | null;
}

const usDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

/** "1/1/2027 to 3/31/2027" (an advance invoice's billing period), or '' when there is none. */
export function billingPeriodText(a: { periodStart: string | null; periodEnd: string | null }): string {
  return a.periodStart && a.periodEnd ? `${usDate(a.periodStart)} to ${usDate(a.periodEnd)}` : '';
}

/** "job #1042 (Rooftop PM)" or "service agreement #1001 (Acme PM), 1/1/2027 to 3/31/2027". */
export function invoiceSubject(i: BilledThing): string {
  if (i.jobNumber !== null) return `job #${i.jobNumber} (${i.jobName ?? ''})`;
  if (!i.agreement) return 'this invoice';
  const period = billingPeriodText(i.agreement);
  return `service agreement #${i.agreement.number} (${i.agreement.name})${period ? `, ${period}` : ''}`;
}

/** The lists' Job column: "Job #1042: Rooftop PM" or "Agreement #1001: Acme PM, 1/1/2027 to 3/31/2027". */
export function invoiceBillsLabel(i: BilledThing): string {
  if (i.jobNumber !== null) return `Job #${i.jobNumber}: ${i.jobName ?? ''}`;
  if (!i.agreement) return '';
  const period = billingPeriodText(i.agreement);
  return `Agreement #${i.agreement.number}: ${i.agreement.name}${period ? `, ${period}` : ''}`;
}
