import type { InvoiceStatus } from './constants.js';

// The billing party and double billing (issue 27, points 2 and 5; decision 037)

/** The unit's billing fields as the invoice reads them (units.billing_*). */
export interface UnitBilling {
  billingEntity: string | null;
  billingEmail: string | null;
  billingCity: string | null;
  billingState: string | null;
  billingZip: string | null;
}

/** The customer company as Bill To falls back to it: its name and address. */
export interface CompanyBilling {
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** Who the invoice is addressed to; stored on the invoice (job_invoices.bill_to_*) once it is issued. */
export interface BillTo {
  name: string | null;
  email: string | null;
  /** The street line: only the company has one (a unit's billing address is city, state and zip). */
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

const clean = (value: string | null | undefined): string | null => {
  const v = value?.trim();
  return v ? v : null;
};
const sameName = (a: string, b: string | null) => b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Bill To from the unit's billing fields, else the company's:
 * - name: the unit's billing entity, else the company's name;
 * - e-mail: the unit's billing e-mail (a company has none);
 * - address, as one block (never the company's street with the unit's city): the unit's billing
 *   city, state and zip when any of them is set; else the company's address, unless the unit names
 *   another billing entity (then there is no address rather than the wrong party's).
 */
export function billToFor(unit: UnitBilling | null, company: CompanyBilling | null): BillTo {
  const entity = clean(unit?.billingEntity);
  const companyName = clean(company?.name);
  const unitAddress = {
    city: clean(unit?.billingCity),
    state: clean(unit?.billingState),
    zip: clean(unit?.billingZip),
  };
  const hasUnitAddress = Boolean(unitAddress.city || unitAddress.state || unitAddress.zip);
  const companyAddress = !hasUnitAddress && (entity === null || sameName(entity, companyName));
  return {
    name: entity ?? companyName,
    email: clean(unit?.billingEmail),
    ...(hasUnitAddress
      ? { address: null, ...unitAddress }
      : companyAddress
        ? {
            address: clean(company?.address),
            city: clean(company?.city),
            state: clean(company?.state),
            zip: clean(company?.zip),
          }
        : { address: null, city: null, state: null, zip: null }),
  };
}

/** "Springfield, IL 62701" (the parts there are). */
export function cityLine(a: { city: string | null; state: string | null; zip: string | null }): string {
  return [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** The lines of Bill To as printed: name, street, city line, e-mail (empty parts left out). */
export function billToLines(billTo: BillTo): string[] {
  return [billTo.name, billTo.address, cityLine(billTo), billTo.email].filter((l): l is string => Boolean(l));
}

/** A line of a new invoice, with the job item it was copied from (null for a typed or fee line). */
export interface PlannedLine {
  jobItemId: string | null;
  name: string;
  quantity: number;
}

/** A line already on one of the job's invoices that came from a job item. */
export interface BilledJobItem {
  jobItemId: string;
  invoiceId: string;
  invoiceNumber: string;
  invoiceStatus: InvoiceStatus;
  name: string;
  quantity: number;
}

/** A job item the new invoice would bill again: the other invoice's line. */
export interface DoubleBilledLine {
  jobItemId: string;
  name: string;
  quantity: number;
  invoiceId: string;
  invoiceNumber: string;
  invoiceStatus: InvoiceStatus;
}

/**
 * The lines of a new invoice that bill a job item already on another invoice of the job that is
 * not void (a draft counts: it is about to be sent). One entry per other invoice's line, in the
 * new invoice's line order, then the other invoices' order as given.
 */
export function doubleBilledLines(
  planned: readonly PlannedLine[],
  billed: readonly BilledJobItem[],
): DoubleBilledLine[] {
  const out: DoubleBilledLine[] = [];
  const seen = new Set<string>();
  for (const line of planned) {
    if (!line.jobItemId || seen.has(line.jobItemId)) continue;
    seen.add(line.jobItemId);
    for (const other of billed) {
      if (other.jobItemId !== line.jobItemId || other.invoiceStatus === 'void') continue;
      out.push({
        jobItemId: other.jobItemId,
        name: other.name,
        quantity: other.quantity,
        invoiceId: other.invoiceId,
        invoiceNumber: other.invoiceNumber,
        invoiceStatus: other.invoiceStatus,
      });
    }
  }
  return out;
}

/** The 409 text of a create that would bill job items again. */
export function doubleBillingMessage(lines: readonly DoubleBilledLine[]): string {
  const invoices = [...new Set(lines.map((l) => l.invoiceNumber))];
  const items = lines.length === 1 ? '1 job item is' : `${lines.length} job items are`;
  return `${items} already billed on ${invoices.length === 1 ? 'invoice' : 'invoices'} ${invoices.join(', ')}. To bill again on purpose (a rebill), give a reason.`;
}

/** The history note of a deliberate rebill. */
export const rebillNote = (reason: string): string => `Rebill: ${reason}`;
