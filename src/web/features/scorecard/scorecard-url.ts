import { isIsoDate } from '../../../domain/dates';
import { plainFilters, type FieldReader } from '../../../domain/list-filters';
// The rules' own file, not tech-scorecard.ts (which builds the API's schemas): the scorecard's first
// paint loads no zod (decision 057).
import {
  DEFAULT_SCORECARD_PERIOD,
  SCORECARD_PERIODS,
  SCORECARD_SORTS,
  type ScorecardPeriod,
  type ScorecardSort,
} from '../../../domain/tech-scorecard-rules';

/** A day YYYY-MM-DD as written (not trimmed); anything else is no date. */
const day: FieldReader<string | undefined> = (value) =>
  typeof value === 'string' && isIsoDate(value) ? value : undefined;

/** One of `values`; absent or anything else is `fallback`. */
const oneOf =
  <V extends string>(values: readonly V[], fallback: V): FieldReader<V> =>
  (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as V) : fallback;

export interface ScorecardUrl {
  period: ScorecardPeriod;
  from: string | undefined;
  to: string | undefined;
  sort: ScorecardSort;
  dir: 'asc' | 'desc';
}

/**
 * The scorecard's URL: period, range and sort. No value fails (a wrong one is its default), as
 * the zod schema it replaces (scorecard-url.test.ts runs both); the server checks the range again
 * (scorecardQuery).
 */
export const scorecardUrl = plainFilters<ScorecardUrl>({
  period: oneOf(SCORECARD_PERIODS, DEFAULT_SCORECARD_PERIOD),
  from: day,
  to: day,
  sort: oneOf(SCORECARD_SORTS, 'name'),
  dir: oneOf(['asc', 'desc'] as const, 'asc'),
});
