/** What the agreements' report screens say (issue 29 items 4 and 6, decision 053). */
export const AGREEMENT_REPORT_TEXTS = {
  fetchPullThrough: 'Failed to load the pull-through',
  fetchReport: 'Failed to load the report',
  fetchRenewals: 'Failed to load the renewals',
  fetchDueVisits: 'Failed to load the visits',
  fetchRuns: 'Failed to load the generator runs',
  noLaborRate: 'No labor cost per hour in Settings > Company',
  reportEmpty: 'No agreements found.',
  renewalsEmpty: (days: number) => `No agreements end in the next ${days} days.`,
  dueVisitsEmpty: 'Every visit due this month is scheduled.',
  runsEmpty: 'The visit generator has not run yet.',
  quotes: (n: number) => (n === 1 ? '1 quote' : `${n} quotes`),
} as const;
