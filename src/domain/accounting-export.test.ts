import { describe, expect, it } from 'vitest';
import {
  accountingExportInput,
  accountingSettings,
  bookName,
  centsText,
  csvField,
  csvRow,
  DEFAULT_ACCOUNTING_SETTINGS,
  entryBalanceCents,
  exportCustomers,
  exportFiles,
  exportTotals,
  iifField,
  incomeAccountFor,
  invoiceEntry,
  paymentEntry,
  reversingEntry,
  unbalancedInvoices,
  usDate,
  writeCustomersCsv,
  writeIif,
  writePaymentsCsv,
  writeQboCreditMemos,
  writeQboInvoices,
  writeXeroCreditNotes,
  writeXeroInvoices,
  XERO_INVOICE_COLUMNS,
  type AccountingSettings,
  type ExportData,
  type ExportInvoice,
  type ExportPayment,
} from './accounting-export.js';
import { invoiceTotals } from './invoices/totals.js';

// The worked example: 3 x $180.25 of capacitors and 1.5 h of labor at $95.00, 10% off, Georgia 7%.
// Its figures come from the invoices module's one function, as the stored columns do.
const totals = invoiceTotals({
  lines: [
    { quantity: 3, unitCents: 18_025, taxable: true },
    { quantity: 1.5, unitCents: 9_500, taxable: true },
  ],
  discounts: [{ kind: 'percent', percent: 10, reason: 'Loyal customer' }],
  taxGroups: [{ code: 'GA-7', name: 'Georgia Sales Tax', rate: '7.000' }],
  taxGroupCode: 'GA-7',
});

const customer = {
  name: 'Peachtree Offices',
  email: 'ap@peachtree.example',
  address: '100 Peachtree St',
  city: 'Atlanta',
  state: 'GA',
  zip: '30303',
};

const invoice: ExportInvoice = {
  id: 'i1',
  number: 'JOB-1001-INV-0420',
  jobNumber: 1001,
  issuedDate: '2025-03-05',
  dueDate: '2025-04-04',
  serviceLine: 'HVACGEN',
  customer,
  lines: [
    { code: 'CAP', name: 'Capacitor', quantity: '3.00', unitCents: 18_025, totalCents: 54_075 },
    { code: 'LAB', name: 'Labor', quantity: '1.50', unitCents: 9_500, totalCents: 14_250 },
  ],
  subtotalCents: totals.subtotalCents,
  discountCents: totals.discountCents,
  taxCents: totals.taxCents,
  totalCents: totals.totalCents,
  taxGroup: { code: 'GA-7', name: 'Georgia Sales Tax', rate: '7.000' },
};

const payment: ExportPayment = {
  id: 'p1',
  date: '2025-03-20',
  amountCents: 30_000,
  method: 'check',
  reference: '1042',
  invoiceNumber: invoice.number,
  customer,
};

const settings: AccountingSettings = accountingSettings.parse({
  ...DEFAULT_ACCOUNTING_SETTINGS,
  income: [{ serviceLine: 'HVACGEN', account: { name: 'Income:HVAC Service', code: '4000' } }],
});
const data: ExportData = { invoices: [invoice], payments: [payment] };

describe('the worked example (invoiceTotals)', () => {
  it('is 683.25 - 68.33 + 43.04 = 657.96', () => {
    expect(totals).toMatchObject({ subtotalCents: 68_325, discountCents: 6_833, taxCents: 4_304, totalCents: 65_796 });
  });
});

describe('journal entries', () => {
  it('an invoice: A/R debit, income per line, discount debit, tax per group; sums to zero', () => {
    const entry = invoiceEntry(invoice, settings);
    expect(entry.splits.map((s) => [s.kind, s.account.name, s.amountCents])).toEqual([
      ['receivable', 'Accounts Receivable', 65_796],
      ['income', 'Income:HVAC Service', -54_075],
      ['income', 'Income:HVAC Service', -14_250],
      ['discount', 'Discounts Given', 6_833],
      ['tax', 'Sales Tax Payable', -4_304],
    ]);
    expect(entry.splits[4]!.memo).toBe('Sales tax: Georgia Sales Tax (GA-7) 7%');
    expect(entryBalanceCents(entry)).toBe(0);
  });

  it.each([
    ['no discount, no tax', { discountCents: 0, taxCents: 0, totalCents: 68_325 }, 3],
    ['tax only', { discountCents: 0, taxCents: 4_783, totalCents: 73_108 }, 4],
    ['discount only', { discountCents: 6_833, taxCents: 0, totalCents: 61_492 }, 4],
  ])('%s: only the splits that carry money, balanced', (_label, figures, count) => {
    const entry = invoiceEntry({ ...invoice, ...figures }, settings);
    expect(entry.splits).toHaveLength(count);
    expect(entryBalanceCents(entry)).toBe(0);
  });

  it('a payment: Undeposited Funds debit, A/R credit', () => {
    const entry = paymentEntry(payment, settings);
    expect(entry.splits.map((s) => [s.account.name, s.amountCents])).toEqual([
      ['Undeposited Funds', 30_000],
      ['Accounts Receivable', -30_000],
    ]);
    expect(entryBalanceCents(entry)).toBe(0);
  });

  it('names an invoice whose stored figures do not add up', () => {
    expect(unbalancedInvoices([invoice, { ...invoice, number: 'BAD', totalCents: 65_797 }])).toEqual(['BAD']);
  });

  it('a service line without a mapping uses the default income account', () => {
    expect(incomeAccountFor(settings, 'PLUMB')).toEqual(DEFAULT_ACCOUNTING_SETTINGS.defaultIncome);
    expect(incomeAccountFor(settings, null)).toEqual(DEFAULT_ACCOUNTING_SETTINGS.defaultIncome);
    expect(incomeAccountFor(settings, 'HVACGEN').name).toBe('Income:HVAC Service');
  });
});

describe('formatting', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [123_450, '1234.50'],
    [-65_796, '-657.96'],
    [100, '1.00'],
  ])('cents %i -> %s', (cents, text) => expect(centsText(cents)).toBe(text));

  it('refuses a fraction of a cent', () => expect(() => centsText(1.5)).toThrow(RangeError));

  it('dates as MM/DD/YYYY', () => expect(usDate('2025-03-05')).toBe('03/05/2025'));

  it.each([
    ['plain', 'plain'],
    ['Smith, Jones & Co', '"Smith, Jones & Co"'],
    ['He said "hi"', '"He said ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' edge ', '" edge "'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1 555', "'+1 555"],
    ['@home', "'@home"],
    ['', ''],
  ])('CSV text %j -> %j', (value, written) => expect(csvField(value)).toBe(written));

  it('numbers are never prefixed; null is empty', () => {
    expect(csvField('-12.50', 'number')).toBe('-12.50');
    expect(csvField(null)).toBe('');
    expect(csvRow(['a,b', '-1.00', null], [1])).toBe('"a,b",-1.00,');
  });

  it('IIF fields lose tabs, line breaks and quotation marks', () => {
    expect(iifField('a\tb\r\nc "d"')).toBe("a b c 'd'");
  });

  it.each([
    ['Acme: North', 'Acme- North'],
    ['  ', 'Unknown customer'],
    [null, 'Unknown customer'],
    ['Say "Hi"\tInc', "Say 'Hi' Inc"],
    ['x'.repeat(120), 'x'.repeat(100)],
  ])('book name %j -> %j', (name, written) => expect(bookName(name)).toBe(written));
});

describe('IIF', () => {
  const iif = writeIif(data, settings);
  const rows = iif
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split('\t'));

  it('writes the headers, the customers and one TRNS/SPL/ENDTRNS block per transaction', () => {
    expect(rows.map((r) => r[0])).toEqual([
      '!CUST',
      'CUST',
      '!TRNS',
      '!SPL',
      '!ENDTRNS',
      'TRNS',
      'SPL',
      'SPL',
      'SPL',
      'SPL',
      'ENDTRNS',
      'TRNS',
      'SPL',
      'ENDTRNS',
    ]);
    expect(rows[0]).toEqual(['!CUST', 'NAME', 'BADDR1', 'BADDR2', 'BADDR3', 'EMAIL']);
    expect(rows[1]).toEqual([
      'CUST',
      'Peachtree Offices',
      'Peachtree Offices',
      '100 Peachtree St',
      'Atlanta, GA 30303',
      'ap@peachtree.example',
    ]);
    expect(rows[2]).toEqual([
      '!TRNS',
      'TRNSID',
      'TRNSTYPE',
      'DATE',
      'ACCNT',
      'NAME',
      'AMOUNT',
      'DOCNUM',
      'MEMO',
      'DUEDATE',
    ]);
    expect(rows[5]).toEqual([
      'TRNS',
      '',
      'INVOICE',
      '03/05/2025',
      'Accounts Receivable',
      'Peachtree Offices',
      '657.96',
      'JOB-1001-INV-0420',
      'Invoice JOB-1001-INV-0420',
      '04/04/2025',
    ]);
    expect(rows[6]).toEqual([
      'SPL',
      '',
      'INVOICE',
      '03/05/2025',
      'Income:HVAC Service',
      'Peachtree Offices',
      '-540.75',
      'JOB-1001-INV-0420',
      'Capacitor',
      '-3.00',
      '180.25',
    ]);
    expect(rows[12]!.slice(2, 7)).toEqual([
      'PAYMENT',
      '03/20/2025',
      'Accounts Receivable',
      'Peachtree Offices',
      '-300.00',
    ]);
  });

  it('every transaction sums to zero', () => {
    let sum: number | null = null;
    const sums: number[] = [];
    for (const r of rows) {
      if (r[0] === 'TRNS') sum = 0;
      if ((r[0] === 'TRNS' || r[0] === 'SPL') && sum !== null) {
        const amount = r[6]!;
        sum += Math.round(Number(amount) * 100);
      }
      if (r[0] === 'ENDTRNS') {
        sums.push(sum!);
        sum = null;
      }
    }
    expect(sums).toEqual([0, 0]);
  });

  it('with nothing to write, only the transaction headers', () => {
    expect(writeIif({ invoices: [], payments: [] }, settings)).toBe(
      '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO\tDUEDATE\r\n' +
        '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO\tQNTY\tPRICE\r\n!ENDTRNS\r\n',
    );
  });
});

describe('QuickBooks Online and Xero CSV', () => {
  it('QuickBooks Online: a row per line, the discount and the tax as lines; they add up to the total', () => {
    const lines = writeQboInvoices(data, settings).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount,ItemTaxCode',
    );
    expect(lines.slice(1)).toEqual([
      'JOB-1001-INV-0420,Peachtree Offices,03/05/2025,04/04/2025,Net 30,Job #1001,Income:HVAC Service,Capacitor,3.00,180.25,540.75,NON',
      'JOB-1001-INV-0420,Peachtree Offices,03/05/2025,04/04/2025,Net 30,Job #1001,Income:HVAC Service,Labor,1.50,95.00,142.50,NON',
      'JOB-1001-INV-0420,Peachtree Offices,03/05/2025,04/04/2025,Net 30,Job #1001,Discounts Given,Discount,1,-68.33,-68.33,NON',
      'JOB-1001-INV-0420,Peachtree Offices,03/05/2025,04/04/2025,Net 30,Job #1001,Sales Tax Payable,Sales tax: Georgia Sales Tax (GA-7) 7%,1,43.04,43.04,NON',
    ]);
    const amounts = lines.slice(1).map((l) => Math.round(Number(l.split(',')[10]) * 100));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(invoice.totalCents);
  });

  it('Xero: the template columns, account codes, a tax-exempt rate and the tax on the liability account', () => {
    const lines = writeXeroInvoices(data, settings).trimEnd().split('\r\n');
    expect(lines[0]!.split(',')).toEqual([...XERO_INVOICE_COLUMNS]);
    expect(lines[0]).toContain('*ContactName,');
    const cells = lines.slice(1).map((l) => l.split(','));
    expect(cells.map((c) => [c[10], c[11], c[12], c[13], c[14]])).toEqual([
      ['Capacitor', '3.00', '180.25', '4000', 'Tax Exempt'],
      ['Labor', '1.50', '95.00', '4000', 'Tax Exempt'],
      ['Discount', '1', '-68.33', '260', 'Tax Exempt'],
      ['Sales tax: Georgia Sales Tax (GA-7) 7%', '1', '43.04', '820', 'Tax Exempt'],
    ]);
    expect(cells[0]!.slice(0, 10)).toEqual([
      'Peachtree Offices',
      'ap@peachtree.example',
      '100 Peachtree St',
      'Atlanta',
      'GA',
      '30303',
      'JOB-1001-INV-0420',
      'Job #1001',
      '03/05/2025',
      '04/04/2025',
    ]);
  });

  it('customers once each, escaped; payments with the deposit account', () => {
    const twice: ExportData = {
      invoices: [invoice, { ...invoice, id: 'i2', customer: { ...customer, name: 'Smith, Jones: Co' } }],
      payments: [payment],
    };
    expect(exportCustomers(twice).map((c) => c.name)).toEqual(['Peachtree Offices', 'Smith, Jones- Co']);
    expect(writeCustomersCsv(twice, 'qbo').split('\r\n')[2]).toBe(
      '"Smith, Jones- Co","Smith, Jones- Co",ap@peachtree.example,100 Peachtree St,Atlanta,GA,30303,USA',
    );
    expect(writePaymentsCsv(data, settings).split('\r\n')[1]).toBe(
      '03/20/2025,Peachtree Offices,JOB-1001-INV-0420,300.00,check,1042,Undeposited Funds,,',
    );
  });

  it('file names and totals', () => {
    const period = { from: '2025-03-01', to: '2025-03-31' };
    expect(exportFiles('iif', data, settings, period).map((f) => f.name)).toEqual([
      'quickbooks-desktop-2025-03-01-to-2025-03-31.iif',
    ]);
    expect(exportFiles('xero', data, settings, period).map((f) => f.name)).toEqual([
      'xero-invoices-2025-03-01-to-2025-03-31.csv',
      'xero-contacts-2025-03-01-to-2025-03-31.csv',
      'xero-payments-2025-03-01-to-2025-03-31.csv',
    ]);
    expect(exportTotals(data)).toEqual({
      invoiceCount: 1,
      invoicesCents: 65_796,
      taxCents: 4_304,
      paymentCount: 1,
      paymentsCents: 30_000,
      customerCount: 1,
      reversedInvoiceCount: 0,
      reversedInvoicesCents: 0,
      reversedTaxCents: 0,
      reversedPaymentCount: 0,
      reversedPaymentsCents: 0,
    });
  });
});

describe('reversals of what was voided after an export (decision 055)', () => {
  const voided = { voidedDate: '2025-04-02', voidReason: 'Billed the wrong unit' };
  const withReversals: ExportData = {
    invoices: [],
    payments: [],
    reversals: { invoices: [{ ...invoice, ...voided }], payments: [{ ...payment, ...voided, voidReason: 'Bounced' }] },
  };

  it('a reversing entry turns every sign and still balances', () => {
    const entry = invoiceEntry(invoice, settings);
    const reversed = reversingEntry(entry, 'memo');
    expect(reversed.splits.map((s) => s.amountCents)).toEqual(entry.splits.map((s) => -s.amountCents));
    expect(entryBalanceCents(reversed)).toBe(0);
    expect(reversed.splits[0]!.memo).toBe('memo');
  });

  it('IIF: a CREDIT MEMO and a GENERAL JOURNAL, dated as the originals', () => {
    const rows = writeIif(withReversals, settings)
      .trimEnd()
      .split('\r\n')
      .filter((l) => l.startsWith('TRNS\t'));
    expect(rows).toEqual([
      `TRNS\t\tCREDIT MEMO\t03/05/2025\tAccounts Receivable\tPeachtree Offices\t-657.96\tCN-JOB-1001-INV-0420\tReverses invoice JOB-1001-INV-0420, voided 04/02/2025: Billed the wrong unit\t`,
      `TRNS\t\tGENERAL JOURNAL\t03/20/2025\tUndeposited Funds\tPeachtree Offices\t-300.00\t1042\tReverses payment for invoice JOB-1001-INV-0420, voided 04/02/2025: Bounced\t`,
    ]);
  });

  it('CSV: a credit note file per format, a negative payment row, and the totals', () => {
    const period = { from: '2025-04-01', to: '2025-04-30' };
    expect(exportFiles('qbo', withReversals, settings, period).map((f) => f.name)).toEqual([
      'quickbooks-online-invoices-2025-04-01-to-2025-04-30.csv',
      'quickbooks-online-customers-2025-04-01-to-2025-04-30.csv',
      'quickbooks-online-payments-2025-04-01-to-2025-04-30.csv',
      'quickbooks-online-credit-memos-2025-04-01-to-2025-04-30.csv',
    ]);
    const memo = writeQboCreditMemos(withReversals, settings).split('\r\n');
    expect(memo[1]!.startsWith('CN-JOB-1001-INV-0420,Peachtree Offices,03/05/2025,')).toBe(true);
    expect(writeXeroCreditNotes(withReversals, settings).split('\r\n')[1]).toContain(
      ',CN-JOB-1001-INV-0420,JOB-1001-INV-0420,03/05/2025,',
    );
    expect(writePaymentsCsv(withReversals, settings).split('\r\n')[1]).toBe(
      '03/20/2025,Peachtree Offices,JOB-1001-INV-0420,-300.00,check,1042,Undeposited Funds,,"Reverses payment for invoice JOB-1001-INV-0420, voided 04/02/2025: Bounced"',
    );
    expect(exportTotals(withReversals)).toMatchObject({
      invoiceCount: 0,
      reversedInvoiceCount: 1,
      reversedInvoicesCents: 65_796,
      reversedTaxCents: 4_304,
      reversedPaymentCount: 1,
      reversedPaymentsCents: 30_000,
    });
  });
});

describe('the export request', () => {
  const ok = { from: '2025-03-01', to: '2025-03-31', format: 'iif' };
  it('takes a period and a format; include already exported is off unless asked', () => {
    expect(accountingExportInput.parse(ok)).toEqual({ ...ok, includeExported: false });
  });
  it.each([
    [{ ...ok, from: '' }, 'From date is required'],
    [{ ...ok, to: '2025-02-30' }, 'Enter a date as YYYY-MM-DD'],
    [{ ...ok, to: '2025-02-28' }, 'To date must be on or after the from date'],
    [{ ...ok, to: '2026-03-02' }, 'The period can be at most 366 days'],
    [{ ...ok, format: 'sage' }, 'Format must be QuickBooks Desktop (IIF), QuickBooks Online or Xero'],
  ])('refuses %j: %s', (input, message) => {
    const result = accountingExportInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
  it('account names refuse what breaks an import', () => {
    const bad = { ...DEFAULT_ACCOUNTING_SETTINGS, receivable: { name: 'A\tR', code: '' } };
    expect(accountingSettings.safeParse(bad).success).toBe(false);
    expect(accountingSettings.safeParse(DEFAULT_ACCOUNTING_SETTINGS).success).toBe(true);
  });
});
