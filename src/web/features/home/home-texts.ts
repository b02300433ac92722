import type { HomePeriod } from '../../../domain/home';

/** The period select's choices, as the Home screen names them. */
export const HOME_PERIOD_LABELS: Record<HomePeriod, string> = {
  'last-week': 'Last Week',
  'last-month': 'Last Month',
  'last-quarter': 'Last 3 Months',
  'last-year': 'Last 12 Months',
  all: 'All Time',
};
