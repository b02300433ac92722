/**
 * Calendar feeds (issue 31, decision 049). A feed's URL carries a 32-byte random secret; only its
 * SHA-256 is stored, so the URL is shown once (when made or regenerated) and a regenerated or
 * removed feed's old URL answers 404 on its next fetch, on every app server (the lookup is one
 * indexed read of the database, never a cache).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_MESSAGES,
  FEED_EVENT_CAP,
  FEED_REFRESH_MINUTES,
  FEED_TOKEN_PATTERN,
  feedCalendarName,
  feedWindow,
  jobEvent,
  type CalendarFeedCreated,
  type CalendarFeedsOverview,
  type MyCalendarFeed,
} from '../../../domain/calendar-feeds.js';
import { writeCalendar } from '../../../domain/icalendar.js';
import type { SessionUser } from '../../../domain/auth.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { toCalendarFeed, type CalendarFeedsRepo, type FeedRow } from './calendar-feeds.repo.js';

export const hashFeedToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The path of a feed's public URL, after PUBLIC_URL. */
export const feedPath = (token: string): string => `/api/public/calendar/${token}.ics`;

export interface CalendarFeedsDeps {
  repo: CalendarFeedsRepo;
  /** The company's time zone (shown as the calendar's zone; every time in the feed is UTC). */
  timeZone: () => Promise<string>;
  /** The offices there are (jobs' and technicians' offices, and Main Office). */
  offices: () => Promise<string[]>;
  publicUrl: string;
  clock: () => Date;
}

export function createCalendarFeedsService(deps: CalendarFeedsDeps) {
  const { repo, clock } = deps;

  const issue = () => {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashFeedToken(token), url: `${deps.publicUrl}${feedPath(token)}` };
  };
  const created = (row: FeedRow, url: string): CalendarFeedCreated => ({ feed: toCalendarFeed(row), url });

  async function requireTechnicianRecord(user: SessionUser) {
    if (!(await repo.hasTechnicianRecord(user.id))) throw conflict(CALENDAR_FEED_MESSAGES.notTechnician);
  }

  return {
    /** The signed-in technician's own feed (without its URL, which is never shown again). */
    async mine(user: SessionUser): Promise<MyCalendarFeed> {
      const row = await repo.ofTechnician(user.id);
      return { feed: row ? toCalendarFeed(row) : null };
    },

    /** Makes the technician's feed, or regenerates it: the old URL stops working at once. */
    async putMine(user: SessionUser): Promise<CalendarFeedCreated> {
      await requireTechnicianRecord(user);
      const { hash, url } = issue();
      return created(await repo.putTechnicianFeed(user.id, hash, user.id, clock()), url);
    },

    async removeMine(user: SessionUser): Promise<void> {
      const row = await repo.ofTechnician(user.id);
      if (!row) throw notFound(CALENDAR_FEED_MESSAGES.notFound);
      await repo.remove(row.id);
    },

    /** Every office with its feed (if any), and the technicians who have one. */
    async overview(): Promise<CalendarFeedsOverview> {
      const [offices, officeFeeds, technicianFeeds] = await Promise.all([
        deps.offices(),
        repo.officeFeeds(),
        repo.technicianFeeds(),
      ]);
      const byOffice = new Map(officeFeeds.map((row) => [row.office!, row]));
      // An office whose jobs are all gone still shows while its feed exists, so it can be turned off.
      const names = [...new Set([...offices, ...byOffice.keys()])].sort((a, b) => a.localeCompare(b));
      return {
        offices: names.map((office) => {
          const row = byOffice.get(office);
          return { office, feed: row ? toCalendarFeed(row) : null };
        }),
        technicians: technicianFeeds.map((t) => ({
          technicianId: t.feed.technicianId!,
          name: t.name,
          active: t.active,
          feed: toCalendarFeed(t.feed),
        })),
      };
    },

    /** Makes an office's feed, or regenerates it. */
    async putOffice(user: SessionUser, office: string): Promise<CalendarFeedCreated> {
      const known = new Set([...(await deps.offices()), ...(await repo.officeFeeds()).map((r) => r.office!)]);
      if (!known.has(office))
        throw badRequest(CALENDAR_FEED_MESSAGES.unknownOffice, { office: CALENDAR_FEED_MESSAGES.unknownOffice });
      const { hash, url } = issue();
      return created(await repo.putOfficeFeed(office, hash, user.id, clock()), url);
    },

    /** Turns any feed off (an office's, or a technician's whose phone was lost). */
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw notFound(CALENDAR_FEED_MESSAGES.notFound);
    },

    /**
     * The public feed: the iCalendar text of the feed whose secret this is, or 404 (unknown,
     * regenerated, removed, or a technician's account no longer active) with nothing that tells
     * which.
     */
    async calendar(token: string): Promise<{ body: string; fileName: string }> {
      if (!FEED_TOKEN_PATTERN.test(token)) throw notFound(CALENDAR_FEED_MESSAGES.notFound);
      const row = await repo.byTokenHash(hashFeedToken(token));
      if (!row) throw notFound(CALENDAR_FEED_MESSAGES.notFound);
      let owner: string;
      if (row.kind === 'office') {
        owner = row.office!;
      } else {
        const account = await repo.technicianAccount(row.technicianId!);
        if (!account?.active) throw notFound(CALENDAR_FEED_MESSAGES.notFound);
        owner = account.name;
      }
      const now = clock();
      const scope = row.kind === 'office' ? { office: row.office! } : { technicianId: row.technicianId! };
      const [jobs, timeZone] = await Promise.all([
        repo.events(scope, feedWindow(now), FEED_EVENT_CAP),
        deps.timeZone(),
      ]);
      await repo.markFetched(row.id, now);
      const body = writeCalendar({
        name: feedCalendarName(owner),
        timeZone,
        refreshMinutes: FEED_REFRESH_MINUTES,
        stamp: now,
        events: jobs.map((job) => jobEvent(job, { publicUrl: deps.publicUrl, withTechnicians: row.kind === 'office' })),
      });
      return { body, fileName: 'jobs.ics' };
    },
  };
}

export type CalendarFeedsService = ReturnType<typeof createCalendarFeedsService>;
