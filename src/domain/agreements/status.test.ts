import { describe, expect, it } from 'vitest';
import {
  activateRefusal,
  agreementEditRefusal,
  cancelRefusal,
  dueForAutoRenewal,
  effectiveAgreementStatus,
  makesVisits,
  renewRefusal,
  type AgreementStatus,
} from './status.js';

const TODAY = '2027-03-10';

describe('agreement status', () => {
  it.each([
    ['active within its term', 'active', '2027-12-31', 'active', true],
    ['active on its last day', 'active', TODAY, 'active', true],
    ['active past its end is expired', 'active', '2027-03-09', 'expired', false],
    ['a draft stays a draft', 'draft', '2026-01-01', 'draft', false],
    ['cancelled stays cancelled', 'cancelled', '2027-12-31', 'cancelled', false],
    ['expired stays expired', 'expired', '2027-12-31', 'expired', false],
  ] as const)('%s', (_label, status, end, effective, visits) => {
    expect(effectiveAgreementStatus(status, end, TODAY)).toBe(effective);
    expect(makesVisits(status, end, TODAY)).toBe(visits);
  });

  it.each([
    // status, edit, cancel, renew (not renewed yet)
    ['draft', null, null, 'A draft agreement cannot be renewed; activate it first'],
    ['active', null, null, null],
    [
      'expired',
      'An expired agreement cannot be edited; renew it to start a new term',
      'An expired agreement has ended and cannot be cancelled',
      null,
    ],
    [
      'cancelled',
      'A cancelled agreement cannot be edited',
      'This agreement is already cancelled',
      'A cancelled agreement cannot be renewed',
    ],
  ] as const)('%s: edit, cancel and renew refusals', (status, edit, cancel, renew) => {
    expect(agreementEditRefusal(status as AgreementStatus)).toBe(edit);
    expect(cancelRefusal(status as AgreementStatus)).toBe(cancel);
    expect(renewRefusal(status as AgreementStatus, null)).toBe(renew);
  });

  it('renews once', () => {
    expect(renewRefusal('active', 'next-term-id')).toBe('This agreement has been renewed already');
  });

  it('activates a draft that has not ended', () => {
    expect(activateRefusal('draft', '2027-12-31', TODAY)).toBeNull();
    expect(activateRefusal('draft', '2027-03-09', TODAY)).toBe(
      'The agreement ended before today; change its end date first',
    );
    expect(activateRefusal('active', '2027-12-31', TODAY)).toBe('Only a draft agreement can be activated');
  });

  it('auto-renews an active, auto-renewing, not yet renewed agreement ending within the horizon', () => {
    const base = { status: 'active' as const, autoRenew: true, renewedBy: null, endDate: '2027-04-01' };
    expect(dueForAutoRenewal(base, '2027-04-09')).toBe(true);
    expect(dueForAutoRenewal(base, '2027-03-31')).toBe(false);
    expect(dueForAutoRenewal({ ...base, autoRenew: false }, '2027-04-09')).toBe(false);
    expect(dueForAutoRenewal({ ...base, renewedBy: 'x' }, '2027-04-09')).toBe(false);
    expect(dueForAutoRenewal({ ...base, status: 'cancelled' }, '2027-04-09')).toBe(false);
  });
});
