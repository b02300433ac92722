import { zoneShortName } from '../../domain/dates';

/**
 * "Times in EST": the label of a board or calendar whose clock times are all in the company's zone
 * (issue 26: every time shown is labelled), named for the period's first day.
 */
export function ZoneNote({ timeZone, at }: { timeZone: string; at?: Date | string }) {
  return <span className="text-sm text-slate-600">Times in {zoneShortName(at ?? new Date(), timeZone)}</span>;
}
