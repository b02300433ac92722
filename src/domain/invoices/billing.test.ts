import { describe, expect, it } from 'vitest';
import {
  billToFor,
  billToLines,
  doubleBilledLines,
  doubleBillingMessage,
  type BilledJobItem,
  type BillTo,
  type CompanyBilling,
  type UnitBilling,
} from './index.js';

const COMPANY: CompanyBilling = {
  name: 'Acme Office Park',
  address: '100 Main St',
  city: 'Atlanta',
  state: 'GA',
  zip: '30301',
};
const NO_BILLING: UnitBilling = {
  billingEntity: null,
  billingEmail: null,
  billingCity: null,
  billingState: null,
  billingZip: null,
};
const FULL: UnitBilling = {
  billingEntity: 'Peachtree Property Management',
  billingEmail: 'ap@peachtree.example',
  billingCity: 'Marietta',
  billingState: 'GA',
  billingZip: '30060',
};
const companyBillTo = (email: string | null = null): BillTo => ({
  name: 'Acme Office Park',
  email,
  address: '100 Main St',
  city: 'Atlanta',
  state: 'GA',
  zip: '30301',
});

describe('Bill To: the unit billing party, else the company', () => {
  const cases: { name: string; unit: UnitBilling | null; company: CompanyBilling | null; billTo: BillTo }[] = [
    {
      name: 'full unit billing: entity, e-mail, city, state, zip (a unit has no street)',
      unit: FULL,
      company: COMPANY,
      billTo: {
        name: 'Peachtree Property Management',
        email: 'ap@peachtree.example',
        address: null,
        city: 'Marietta',
        state: 'GA',
        zip: '30060',
      },
    },
    { name: 'no unit billing fields: the company', unit: NO_BILLING, company: COMPANY, billTo: companyBillTo() },
    { name: 'no unit: the company', unit: null, company: COMPANY, billTo: companyBillTo() },
    {
      name: 'blank fields count as missing',
      unit: { billingEntity: '  ', billingEmail: '', billingCity: ' ', billingState: '', billingZip: null },
      company: COMPANY,
      billTo: companyBillTo(),
    },
    {
      name: 'only a billing e-mail: the company with that e-mail',
      unit: { ...NO_BILLING, billingEmail: 'billing@acme.example' },
      company: COMPANY,
      billTo: companyBillTo('billing@acme.example'),
    },
    {
      name: 'an entity without an address: no address rather than the company (another party)',
      unit: { ...NO_BILLING, billingEntity: 'Peachtree Property Management' },
      company: COMPANY,
      billTo: { name: 'Peachtree Property Management', email: null, address: null, city: null, state: null, zip: null },
    },
    {
      name: 'the entity is the company (any case): the company address',
      unit: { ...NO_BILLING, billingEntity: 'ACME OFFICE PARK ' },
      company: COMPANY,
      billTo: { ...companyBillTo(), name: 'ACME OFFICE PARK' },
    },
    {
      name: 'an address without an entity: the company name at the unit billing address (never mixed with its street)',
      unit: { ...NO_BILLING, billingCity: 'Savannah', billingZip: '31401' },
      company: COMPANY,
      billTo: { name: 'Acme Office Park', email: null, address: null, city: 'Savannah', state: null, zip: '31401' },
    },
    {
      name: 'partial unit address: the parts there are, trimmed',
      unit: { ...FULL, billingCity: null, billingState: ' GA ', billingZip: null },
      company: COMPANY,
      billTo: {
        name: 'Peachtree Property Management',
        email: 'ap@peachtree.example',
        address: null,
        city: null,
        state: 'GA',
        zip: null,
      },
    },
    {
      name: 'no unit and no company: nothing',
      unit: null,
      company: null,
      billTo: { name: null, email: null, address: null, city: null, state: null, zip: null },
    },
  ];
  it.each(cases)('$name', ({ unit, company, billTo }) => expect(billToFor(unit, company)).toEqual(billTo));

  it('prints name, street, city line and e-mail, leaving out what is missing', () => {
    expect(billToLines(billToFor(FULL, COMPANY))).toEqual([
      'Peachtree Property Management',
      'Marietta, GA 30060',
      'ap@peachtree.example',
    ]);
    expect(billToLines(billToFor(null, COMPANY))).toEqual(['Acme Office Park', '100 Main St', 'Atlanta, GA 30301']);
  });
});

describe('double billing: job items already on another non-void invoice', () => {
  const billed = (
    jobItemId: string,
    invoiceNumber: string,
    invoiceStatus: BilledJobItem['invoiceStatus'],
    quantity = 1,
  ): BilledJobItem => ({
    jobItemId,
    invoiceId: `id-${invoiceNumber}`,
    invoiceNumber,
    invoiceStatus,
    name: `Item ${jobItemId}`,
    quantity,
  });
  const line = (jobItemId: string | null, name = `Item ${jobItemId}`) => ({ jobItemId, name, quantity: 1 });

  const cases: {
    name: string;
    planned: ReturnType<typeof line>[];
    billed: BilledJobItem[];
    found: [string, string][];
  }[] = [
    { name: 'no other invoice: none', planned: [line('cap'), line('fan')], billed: [], found: [] },
    {
      name: 'three capacitors on an issued invoice: found with its number',
      planned: [line('cap'), line('fan')],
      billed: [billed('cap', 'JOB-1001-INV-0001', 'issued', 3)],
      found: [['cap', 'JOB-1001-INV-0001']],
    },
    {
      name: 'a draft and a paid invoice count',
      planned: [line('cap'), line('fan')],
      billed: [billed('cap', 'JOB-1001-INV-0001', 'draft'), billed('fan', 'JOB-1001-INV-0002', 'paid')],
      found: [
        ['cap', 'JOB-1001-INV-0001'],
        ['fan', 'JOB-1001-INV-0002'],
      ],
    },
    {
      name: 'a void invoice does not count',
      planned: [line('cap')],
      billed: [billed('cap', 'JOB-1001-INV-0001', 'void')],
      found: [],
    },
    {
      name: 'an item on two other invoices: both listed',
      planned: [line('cap')],
      billed: [billed('cap', 'JOB-1001-INV-0001', 'issued'), billed('cap', 'JOB-1001-INV-0002', 'draft')],
      found: [
        ['cap', 'JOB-1001-INV-0001'],
        ['cap', 'JOB-1001-INV-0002'],
      ],
    },
    {
      name: 'typed and fee lines (no job item) never match',
      planned: [line(null, 'Inspection Fee')],
      billed: [billed('cap', 'JOB-1001-INV-0001', 'issued')],
      found: [],
    },
    {
      name: 'in the new invoice line order',
      planned: [line('fan'), line('cap')],
      billed: [billed('cap', 'JOB-1001-INV-0001', 'issued'), billed('fan', 'JOB-1001-INV-0001', 'issued')],
      found: [
        ['fan', 'JOB-1001-INV-0001'],
        ['cap', 'JOB-1001-INV-0001'],
      ],
    },
  ];
  it.each(cases)('$name', ({ planned, billed: others, found }) =>
    expect(doubleBilledLines(planned, others).map((l) => [l.jobItemId, l.invoiceNumber])).toEqual(found),
  );

  it('lists the other line: name, quantity, invoice number and status', () => {
    expect(doubleBilledLines([line('cap')], [billed('cap', 'JOB-1001-INV-0001', 'issued', 3)])).toEqual([
      {
        jobItemId: 'cap',
        name: 'Item cap',
        quantity: 3,
        invoiceId: 'id-JOB-1001-INV-0001',
        invoiceNumber: 'JOB-1001-INV-0001',
        invoiceStatus: 'issued',
      },
    ]);
  });

  it('says how many items and which invoices', () => {
    const one = doubleBilledLines([line('cap')], [billed('cap', 'JOB-1001-INV-0001', 'issued')]);
    expect(doubleBillingMessage(one)).toBe(
      '1 job item is already billed on invoice JOB-1001-INV-0001. To bill again on purpose (a rebill), give a reason.',
    );
    const two = doubleBilledLines(
      [line('cap'), line('fan')],
      [billed('cap', 'JOB-1001-INV-0001', 'issued'), billed('fan', 'JOB-1001-INV-0002', 'draft')],
    );
    expect(doubleBillingMessage(two)).toBe(
      '2 job items are already billed on invoices JOB-1001-INV-0001, JOB-1001-INV-0002. To bill again on purpose (a rebill), give a reason.',
    );
  });
});
