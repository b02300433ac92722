/**
 * An iCalendar (RFC 5545) writer for published calendars (the calendar feeds, decision 049): pure
 * text, so the same rules are unit-tested here and the server only fills in the events.
 *
 * - Every time is written in UTC (`20261129T140000Z`): no VTIMEZONE to get wrong, and Google
 *   Calendar, Outlook and Apple Calendar all show UTC times in the reader's own zone. The company's
 *   zone goes in `X-WR-TIMEZONE`, which Google and Apple use as the calendar's display zone.
 * - TEXT values are escaped (`\\`, `\;`, `\,`, newlines as `\n`), other control characters become
 *   spaces (RFC 5545 3.3.11 allows none).
 * - Content lines are folded at 75 octets of UTF-8 (3.1): a continuation starts with one space, and a
 *   character is never cut in the middle of its bytes. Lines end with CRLF.
 */

export interface CalendarEvent {
  /** Globally unique and stable for the same record (a job keeps its UID when it moves). */
  uid: string;
  /** Increases when the event changes (RFC 5545 3.8.7.4). */
  sequence: number;
  lastModified: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  geo?: { latitude: number; longitude: number } | null;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

export interface PublishedCalendar {
  /** The calendar's name in the reader's list (X-WR-CALNAME and RFC 7986 NAME). */
  name: string;
  /** The IANA zone the calendar is meant to be shown in (X-WR-TIMEZONE); times stay UTC. */
  timeZone?: string | null;
  /** How often a reader should fetch it again, in minutes (RFC 7986 REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshMinutes: number;
  /** When this copy was written (every event's DTSTAMP). */
  stamp: Date;
  events: readonly CalendarEvent[];
}

export const ICALENDAR_PRODID = '-//HVAC Field Service//Calendar Feed 1.0//EN';
export const ICALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** A TEXT value (SUMMARY, LOCATION, DESCRIPTION...) with RFC 5545's escapes. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // Other control characters (and DEL) may not appear in a TEXT value; a tab is allowed.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
  );
}

/** The UTF-8 length of one code point. */
function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** One content line folded into lines of at most 75 octets (the continuation's leading space counts). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** A UTC DATE-TIME: 2026-11-29T14:00:00.000Z -> 20261129T140000Z (seconds kept, milliseconds dropped). */
export function formatUtc(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A whole minute count as an RFC 5545 DURATION (PT1H, PT90M -> PT1H30M). */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
}

function eventLines(event: CalendarEvent, stamp: Date): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatUtc(stamp)}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`,
    `LAST-MODIFIED:${formatUtc(event.lastModified)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.geo) lines.push(`GEO:${event.geo.latitude.toFixed(6)};${event.geo.longitude.toFixed(6)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  // A URI value is not TEXT: no escapes (commas and semicolons in a URL stay as they are).
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.status ?? 'CONFIRMED'}`, 'TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

/** The whole calendar as one iCalendar object, CRLF line ends, every line folded. */
export function writeCalendar(calendar: PublishedCalendar): string {
  const ttl = formatDuration(calendar.refreshMinutes);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICALENDAR_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...(calendar.timeZone ? [`X-WR-TIMEZONE:${escapeText(calendar.timeZone)}`] : []),
    `REFRESH-INTERVAL;VALUE=DURATION:${ttl}`,
    `X-PUBLISHED-TTL:${ttl}`,
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
