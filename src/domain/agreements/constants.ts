/** Agreements' billing plans without the schemas (payloads.ts re-exports them): the list reads them on first paint (decision 057). */
export const BILLING_PLANS = ['per_visit', 'monthly', 'quarterly', 'annually'] as const;
export type BillingPlan = (typeof BILLING_PLANS)[number];
export const BILLING_PLAN_LABELS: Record<BillingPlan, string> = {
  per_visit: 'Per visit',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annually: 'Annually in advance',
};
