/**
 * Calendar feeds (issue 31, decision 049): a private iCalendar URL of scheduled jobs that a
 * calendar app fetches without a session. A technician has one for their own jobs; the office has
 * one per office (the job's `office`, the same value as the dispatch board's Job Office filter).
 * The payloads of /api/calendar-feeds and the rules that turn a job into an event live here; the
 * iCalendar text itself is `icalendar.ts`.
 */
import { z } from 'zod';
import type { CalendarEvent } from './icalendar.js';

/** The feed holds the jobs scheduled from this many days back ... */
export const FEED_DAYS_BACK = 30;
/** ... to this many days ahead (bounded: a calendar app fetches it every hour). */
export const FEED_DAYS_AHEAD = 90;
/** At most this many events (the earliest first): an office's 120 days stay well under it. */
export const FEED_EVENT_CAP = 5000;
/** What a calendar app is told about fetching again (REFRESH-INTERVAL). */
export const FEED_REFRESH_MINUTES = 60;
/** The feed's secret: 32 random bytes, base64url (43 characters). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const FEED_OFFICE_MAX = 100;

export const CALENDAR_FEED_MESSAGES = {
  notFound: 'Calendar feed not found',
  unknownOffice: 'Choose one of the offices',
  notTechnician: 'Only a technician has a calendar feed of their own jobs',
  invalidFeedId: 'Invalid calendar feed ID format',
} as const;

/** The range a feed covers around `now`: [from, to). */
export function feedWindow(now: Date): { from: Date; to: Date } {
  const day = 24 * 60 * 60 * 1000;
  return { from: new Date(now.getTime() - FEED_DAYS_BACK * day), to: new Date(now.getTime() + FEED_DAYS_AHEAD * day) };
}

/** A feed as the screens see it: never its URL again after it was made (only its hash is kept). */
export const calendarFeed = z.object({
  id: z.string(),
  kind: z.enum(['personal', 'office']),
  office: z.string().nullable(),
  technicianId: z.string().nullable(),
  createdAt: z.string(),
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

/** The answer to making or regenerating a feed: the URL, shown this once. */
export const calendarFeedCreated = z.object({ feed: calendarFeed, url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreated>;

/** GET /api/calendar-feeds/mine */
export const myCalendarFeed = z.object({ feed: calendarFeed.nullable() });
export type MyCalendarFeed = z.infer<typeof myCalendarFeed>;

/** GET /api/calendar-feeds: every office (with its feed, if any), and the technicians' feeds. */
export const calendarFeedsOverview = z.object({
  offices: z.array(z.object({ office: z.string(), feed: calendarFeed.nullable() })),
  technicians: z.array(
    z.object({ technicianId: z.string(), name: z.string(), active: z.boolean(), feed: calendarFeed }),
  ),
});
export type CalendarFeedsOverview = z.infer<typeof calendarFeedsOverview>;

export const officeFeedInput = z.object({
  office: z
    .string({ error: CALENDAR_FEED_MESSAGES.unknownOffice })
    .trim()
    .min(1, CALENDAR_FEED_MESSAGES.unknownOffice)
    .max(FEED_OFFICE_MAX, CALENDAR_FEED_MESSAGES.unknownOffice),
});
export type OfficeFeedInput = z.infer<typeof officeFeedInput>;

/** A scheduled job as a feed reads it. */
export interface FeedJob {
  id: string;
  number: number;
  name: string;
  status: string;
  description: string;
  scheduleStart: Date;
  durationMinutes: number;
  office: string;
  companyName: string;
  locationName: string;
  buildingName: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  unitNumber: string | null;
  contactName: string | null;
  contactPhone: string | null;
  /** The assigned technicians' names, primary first (shown in the office's feed). */
  technicians: string[];
  /** The latest change of the job or of what its event shows. */
  modifiedAt: Date;
}

/** SEQUENCE counts seconds since this instant, so any later change gives a larger number (fits 31 bits until 2088). */
const SEQUENCE_EPOCH = Date.UTC(2020, 0, 1);

/** "Job 1042: Spring maintenance" */
export const feedEventSummary = (job: Pick<FeedJob, 'number' | 'name'>): string => `Job ${job.number}: ${job.name}`;

/** The street address a maps app can find: "12 Main St, Springfield, IL 62701". */
export const feedEventLocation = (job: Pick<FeedJob, 'address' | 'city' | 'state' | 'zip'>): string =>
  [job.address, job.city, [job.state, job.zip].filter(Boolean).join(' ')].filter((p) => p.trim() !== '').join(', ');

/** The event's description: where, which unit, whom to call, what to do, and the link back. */
export function feedEventDescription(job: FeedJob, jobUrl: string, withTechnicians: boolean): string {
  const lines = [
    `Customer: ${job.companyName}`,
    `Location: ${job.buildingName && job.buildingName !== job.locationName ? `${job.locationName} (${job.buildingName})` : job.locationName}`,
  ];
  if (job.unitNumber) lines.push(`Unit: ${job.unitNumber}`);
  if (job.contactName) lines.push(`Contact: ${job.contactName}`);
  if (job.contactPhone) lines.push(`Phone: ${job.contactPhone}`);
  if (withTechnicians) lines.push(`Technicians: ${job.technicians.length ? job.technicians.join(', ') : 'Unassigned'}`);
  if (job.status === 'completed') lines.push('Status: Completed');
  lines.push('', job.description.trim(), '', `Open the job: ${jobUrl}`);
  return lines.join('\n');
}

/**
 * A job as a calendar event. The UID is the job's id and never changes (a moved job updates its
 * event instead of adding one); `uidDomain` is fixed, not the server's address, so a changed
 * PUBLIC_URL does not duplicate every event.
 */
export function jobEvent(job: FeedJob, options: { publicUrl: string; withTechnicians: boolean }): CalendarEvent {
  const url = `${options.publicUrl.replace(/\/$/, '')}/jobs/${job.id}`;
  return {
    uid: `job-${job.id}@hvac-field-service`,
    sequence: Math.max(0, Math.floor((job.modifiedAt.getTime() - SEQUENCE_EPOCH) / 1000)),
    lastModified: job.modifiedAt,
    start: job.scheduleStart,
    end: new Date(job.scheduleStart.getTime() + job.durationMinutes * 60_000),
    summary: feedEventSummary(job),
    location: feedEventLocation(job),
    geo: job.latitude != null && job.longitude != null ? { latitude: job.latitude, longitude: job.longitude } : null,
    description: feedEventDescription(job, url, options.withTechnicians),
    url,
    status: 'CONFIRMED',
  };
}

/** The calendar's name in the app's list: "Jobs: Pat Lee" or "Jobs: Main Office". */
export const feedCalendarName = (owner: string): string => `Jobs: ${owner}`;
