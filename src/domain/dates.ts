/** Calendar dates are 'YYYY-MM-DD' strings; "today" is always today in the company's time zone. */

export const DEFAULT_TIME_ZONE = 'America/New_York';

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per zone and purpose: creating an Intl.DateTimeFormat costs far more than using one
 * (a few milliseconds each on a tablet; Home's first render made several), and they never change.
 */
export function cachedFormat(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  create: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = create();
    cache.set(timeZone, format);
  }
  return format;
}
const calendarDateFormats = new Map<string, Intl.DateTimeFormat>();
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of `at` in `timeZone`, as YYYY-MM-DD. */
export function dateInZone(at: Date, timeZone: string): string {
  const parts = cachedFormat(
    calendarDateFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Minutes -> "h:mm" (schedule_duration is stored as whole minutes and shown as h:mm). */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h}:${String(m).padStart(2, '0')}`;
}

/** Offset of `timeZone` from UTC at `at`, in minutes (e.g. -300 for New York in winter). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const format = cachedFormat(
    wallClockFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  );
  const parts = format.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** The instant of a wall-clock date and time ('YYYY-MM-DD', 'HH:MM') in `timeZone`. */
export function zonedDateTimeToInstant(isoDate: string, time: string, timeZone: string): Date {
  const naive = new Date(`${isoDate}T${time}:00Z`);
  let instant = new Date(naive.getTime() - zoneOffsetMinutes(naive, timeZone) * 60000);
  // Once more, in case the first guess crossed a daylight-saving change.
  instant = new Date(naive.getTime() - zoneOffsetMinutes(instant, timeZone) * 60000);
  return instant;
}

const zonedTimeFormats = new Map<string, Intl.DateTimeFormat>();
const zonedDateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Intl writes a narrow no-break space before AM/PM (ICU 72+); PDFs' standard fonts cannot draw it
 * and tests compare text: one plain space everywhere.
 */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * The time of day of an instant in the company's zone with the zone's short name: "2:23 PM EST".
 * Every time shown to a person (screens, PDFs, e-mails) goes through this or
 * `formatDateTimeInZone`, with the company's zone (settings `time_zone`).
 */
export function formatTimeInZone(at: Date | string, timeZone: string): string {
  const format = cachedFormat(
    zonedTimeFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  );
  return plainSpaces(format.format(new Date(at)));
}

/** An instant as the company reads it, date and time with the zone's short name: "11/27/2026, 2:23 PM EST". */
export function formatDateTimeInZone(at: Date | string, timeZone: string): string {
  const format = cachedFormat(
    zonedDateTimeFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        month: '2-digit',
        day: '2-digit',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  );
  return plainSpaces(format.format(new Date(at)));
}

const timeOfDayFormats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock date and time ('YYYY-MM-DD', 'HH:MM') of `at` in `timeZone`: the inverse of zonedDateTimeToInstant. */
export function zonedDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const parts = cachedFormat(
    timeOfDayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }),
  ).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: dateInZone(at, timeZone), time: `${get('hour')}:${get('minute')}` };
}

/** The zone's short name at an instant ("EST", "EDT", "CST"): the label beside clock times a board shows. */
export function zoneShortName(at: Date | string, timeZone: string): string {
  const time = formatTimeInZone(at, timeZone);
  return time.slice(time.lastIndexOf(' ') + 1);
}
