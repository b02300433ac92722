/**
 * A valid agreement form body (POST and PATCH /api/agreements) for the API tests: a quarterly plan
 * for 2027 at $1,200.00; each test overrides what it is about.
 */
export const agreementPayload = (
  refs: { companyId: string; unitIds: string[]; technicianId: string | null },
  overrides: Record<string, unknown> = {},
) => ({
  name: 'Acme Quarterly PM',
  ...refs,
  startDate: '2027-01-01',
  endDate: '2027-12-31',
  frequency: 'quarterly',
  months: [],
  dayKind: 'dayOfMonth',
  dayOfMonth: 15,
  nth: 1,
  weekday: 1,
  windowDays: 14,
  jobType: 'PM',
  serviceLine: 'HVACGEN',
  visitDuration: 120,
  checklist: '',
  price: '1200.00',
  billingPlan: 'quarterly',
  notToExceed: '',
  autoRenew: false,
  escalatorPercent: '0',
  notes: '',
  ...overrides,
});
