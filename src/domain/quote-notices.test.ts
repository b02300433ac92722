import { describe, expect, it } from 'vitest';
import { formatDateTimeInZone } from './dates.js';
import { approvalNotice, declineNotice, inspectedUnitName, jobUrl } from './quote-notices.js';
import { declineChargesFee, decisionBadgeText, jobQuoteBadges } from './quotes.js';

const facts = {
  quoteNumber: 'QT-1042-0381',
  quoteType: 'inspection' as const,
  jobNumber: 1042,
  jobName: 'RTU-7 not cooling',
  jobLink: jobUrl('https://hvac.example/', 'a1b2'),
  location: { name: 'Midtown Clinic', address: '1010 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30309' },
  signerName: 'Dana Reed',
  decidedAt: new Date('2026-07-07T15:00:00Z'),
  timeZone: 'America/New_York',
  ip: '203.0.113.9',
};

describe('the inspection fee rule (issue 26)', () => {
  it.each([
    { others: [], charged: true },
    { others: [{ status: 'superseded', feeInvoiceId: null }], charged: true },
    { others: [{ status: 'approved', feeInvoiceId: null }], charged: false },
    { others: [{ status: 'declined', feeInvoiceId: 'inv-1' }], charged: false },
    { others: [{ status: 'declined', feeInvoiceId: null }], charged: true },
    { others: [{ status: 'withdrawn', feeInvoiceId: null }], charged: true },
  ])('$others -> $charged', ({ others, charged }) => {
    expect(declineChargesFee('inspection', others)).toBe(charged);
    expect(declineChargesFee('other', others)).toBe(false);
  });
});

describe('the job badges read every quote', () => {
  it('shows an approval and a later decline together', () => {
    const badges = jobQuoteBadges([
      { status: 'declined', type: 'replacement' },
      { status: 'approved', type: 'inspection' },
    ]);
    expect(badges).toEqual({
      quoteSent: true,
      quoteConfirmed: true,
      repairApproved: true,
      repairDeclined: true,
      approvedTypes: ['inspection'],
      declinedTypes: ['replacement'],
    });
    expect(decisionBadgeText('approved', badges.approvedTypes)).toBe('Repair Approved (Inspection Quote)');
    expect(decisionBadgeText('declined', ['replacement', 'repair'])).toBe(
      'Repair Declined (Replacement Quote, Repair Quote)',
    );
  });
});

describe("the office's notices", () => {
  it('writes times in the company zone with its short name', () => {
    expect(formatDateTimeInZone(facts.decidedAt, 'America/New_York')).toBe('07/07/2026, 11:00 AM EDT');
    expect(formatDateTimeInZone(new Date('2026-01-07T15:00:00Z'), 'America/Chicago')).toBe('01/07/2026, 9:00 AM CST');
  });

  it('names inspected units by their number', () => {
    expect(inspectedUnitName('RTU-7', 0, 1, null)).toBe('RTU-7');
    expect(inspectedUnitName('RTU-7', 1, 2, 'ZJ-150')).toBe('RTU-7, inspection 2 of 2 (model ZJ-150)');
    expect(inspectedUnitName(null, 0, 2, null)).toBe('Inspection 1 of 2');
  });

  it('approval: options per unit, total, zone time and the job link', () => {
    const notice = approvalNotice({
      ...facts,
      unitNumber: 'RTU-7',
      choices: [{ modelNumber: '48TC-009', phase: 'phase2', totalCents: 100_000 }],
      totalLabel: 'Total of the chosen options',
      totalCents: 100_000,
    });
    expect(notice.subject).toBe('Quote QT-1042-0381 approved for Job #1042');
    expect(notice.text).toBe(
      [
        'Dana Reed approved inspection quote QT-1042-0381 for job #1042 RTU-7 not cooling.',
        'Location: Midtown Clinic, 1010 Peachtree St NE, Atlanta, GA 30309',
        '',
        'RTU-7 (model 48TC-009): Standard Option ($1,000.00)',
        'Total of the chosen options: $1,000.00',
        'Approved at 07/07/2026, 11:00 AM EDT from 203.0.113.9.',
        '',
        'Please contact the customer to schedule the work.',
        'Open the job: https://hvac.example/jobs/a1b2',
      ].join('\n'),
    );
  });

  it('decline: reason, comment and the fee, or why there was none', () => {
    const charged = declineNotice({
      ...facts,
      reason: 'not_now',
      comment: null,
      fee: { charged: true, invoiceNumber: 'JOB-1042-INV-0001', amountCents: 18_000, sentTo: 'a@example.com' },
    });
    expect(charged.subject).toBe('Quote QT-1042-0381 declined for Job #1042');
    expect(charged.text).toContain('Reason: Not right now');
    expect(charged.text).toContain(
      'Inspection fee: invoice JOB-1042-INV-0001 for $180.00 was issued and e-mailed to a@example.com.',
    );
    const none = declineNotice({ ...facts, reason: null, comment: 'Later', fee: { charged: false, why: 'approved' } });
    expect(none.text).toContain('Reason: not given\nComment: Later');
    expect(none.text).toContain('No inspection fee was charged: the customer approved another quote on this job.');
  });
});
