/**
 * An agreement's status: draft (being written, makes no visits), active (makes visits), expired
 * (its end date passed), cancelled (stopped by the office). The stored status of an active
 * agreement becomes expired when the generator sees its end date passed; until then the
 * effective status already says so.
 */
export const AGREEMENT_STATUSES = ['draft', 'active', 'expired', 'cancelled'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const AGREEMENT_STATUS_LABELS: Record<AgreementStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** What the status is today: an active agreement past its end date is expired. */
export function effectiveAgreementStatus(status: AgreementStatus, endDate: string, today: string): AgreementStatus {
  return status === 'active' && endDate < today ? 'expired' : status;
}

/** Does the agreement make visits today? Only an active one within its term. */
export function makesVisits(status: AgreementStatus, endDate: string, today: string): boolean {
  return effectiveAgreementStatus(status, endDate, today) === 'active';
}

/** Why an agreement cannot be edited, or null. A draft and an active agreement can. */
export function agreementEditRefusal(status: AgreementStatus): string | null {
  if (status === 'cancelled') return 'A cancelled agreement cannot be edited';
  if (status === 'expired') return 'An expired agreement cannot be edited; renew it to start a new term';
  return null;
}

/** Why an agreement cannot be activated, or null. */
export function activateRefusal(status: AgreementStatus, endDate: string, today: string): string | null {
  if (status !== 'draft') return 'Only a draft agreement can be activated';
  if (endDate < today) return 'The agreement ended before today; change its end date first';
  return null;
}

/** Why an agreement cannot be cancelled, or null. A draft or active one can. */
export function cancelRefusal(status: AgreementStatus): string | null {
  if (status === 'cancelled') return 'This agreement is already cancelled';
  if (status === 'expired') return 'An expired agreement has ended and cannot be cancelled';
  return null;
}

/** Why an agreement cannot be renewed, or null: an active or expired one, once. */
export function renewRefusal(status: AgreementStatus, renewedBy: string | null): string | null {
  if (renewedBy) return 'This agreement has been renewed already';
  if (status === 'draft') return 'A draft agreement cannot be renewed; activate it first';
  if (status === 'cancelled') return 'A cancelled agreement cannot be renewed';
  return null;
}

/** Is the agreement due for automatic renewal: active, auto-renewing, not renewed, ending within `leadDays`? */
export function dueForAutoRenewal(
  agreement: { status: AgreementStatus; autoRenew: boolean; renewedBy: string | null; endDate: string },
  horizon: string,
): boolean {
  return agreement.status === 'active' && agreement.autoRenew && !agreement.renewedBy && agreement.endDate <= horizon;
}
