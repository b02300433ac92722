import { describe, expect, it } from 'vitest';
import { fillPlaceholders, renderQuoteEmail, SAMPLE_QUOTE_EMAIL_VALUES, type QuoteEmailValues } from './quote-email.js';
import { DEFAULT_EMAIL_CONTENT } from './quote-templates.js';

const values: QuoteEmailValues = {
  ...SAMPLE_QUOTE_EMAIL_VALUES,
  customerName: 'Peachtree Medical',
  companyName: 'Summit Air Mechanical',
  jobNumber: 1042,
  quoteNumber: 'QT-1042-4821',
  totalAmount: '$4,250.00',
  approveUrl: 'https://hvac.example.com/quote/confirm/abc123?approve=true',
  denyUrl: 'https://hvac.example.com/quote/confirm/abc123?approve=false',
};

describe('renderQuoteEmail', () => {
  it('fills the repair wording with the job values: subject, text with both links, HTML with both buttons', () => {
    const email = renderQuoteEmail(DEFAULT_EMAIL_CONTENT.repair, values);
    expect(email.subject).toBe('Repair Quote QT-1042-4821 for Job #1042');
    expect(email.text).toContain('Dear Peachtree Medical,');
    expect(email.text).toContain('Approve Repairs: https://hvac.example.com/quote/confirm/abc123?approve=true');
    expect(email.text).toContain('Deny Repairs: https://hvac.example.com/quote/confirm/abc123?approve=false');
    expect(email.text).toContain('an inspection fee of $180.00 will be charged');
    expect(email.text).toContain('Total: $4,250.00');
    expect(email.text).toContain('Best regards,\nSummit Air Mechanical');
    expect(email.html).toContain('href="https://hvac.example.com/quote/confirm/abc123?approve=true"');
    expect(email.html).toContain('href="https://hvac.example.com/quote/confirm/abc123?approve=false"');
    expect(email.html).toContain('>Approve Repairs</a>');
    expect(email.html).toContain('>Deny Repairs</a>');
    expect(email.html).toContain('Best regards,<br>Summit Air Mechanical');
    expect(email.text).not.toMatch(/\{\w+\}/);
  });

  it('lists the quote lines, the total, and the $180.00 fee as what declining costs (decision 031)', () => {
    const email = renderQuoteEmail(DEFAULT_EMAIL_CONTENT.inspection, {
      ...values,
      lines: [
        { label: 'Inspection 1: Standard Option (selected)', amount: '$7,917.00' },
        { label: 'Run capacitor x 2', amount: '$120.00' },
      ],
      totalAmount: '$8,037.00',
      declineFee: '$180.00',
    });
    expect(email.text).toContain(
      'Inspection 1: Standard Option (selected): $7,917.00\nRun capacitor x 2: $120.00\nTotal: $8,037.00\nInspection fee if declined: $180.00',
    );
    expect(email.text).not.toContain('Total: $180.00');
    expect(email.html).toContain('<strong>$8,037.00</strong>');
    expect(email.html).toContain('Inspection fee if declined');
  });

  it('escapes what people typed in the HTML, not in the text', () => {
    const email = renderQuoteEmail(
      { ...DEFAULT_EMAIL_CONTENT.repair, greeting: 'Hello <b>{customerName}</b> & co' },
      { ...values, customerName: '<script>alert(1)</script>' },
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Hello &lt;b&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;/b&gt; &amp; co');
    expect(email.text).toContain('Hello <b><script>alert(1)</script></b> & co');
  });

  it('leaves unknown placeholders as typed and empties missing values; the subject is one line', () => {
    expect(fillPlaceholders('{jobNumber} {nope}', values)).toBe('1042 {nope}');
    const email = renderQuoteEmail(
      { ...DEFAULT_EMAIL_CONTENT.repair, subject: 'Quote\n{quoteNumber}' },
      { ...values, unitNumber: '' },
    );
    expect(email.subject).toBe('Quote QT-1042-4821');
    expect(email.text).not.toContain('Unit:');
  });
});
