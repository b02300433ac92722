/**
 * Calendar feeds (issue 31, decision 049): a technician's feed holds only their scheduled jobs of
 * the window, an office's feed its office's jobs; the output is read back with ical.js (Mozilla's
 * parser, the one Thunderbird uses) and checked line by line for folding and escaping; a
 * regenerated or removed URL answers 404 at once.
 */
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedCreated, CalendarFeedsOverview, MyCalendarFeed } from '../../src/domain/calendar-feeds.js';
import { calendarFeeds, users } from '../../src/server/db/schema.js';
import { expectRefused, signedOut, signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

const NOW = new Date('2026-11-29T12:00:00Z');
const at = (days: number, hourUtc = 15) => new Date(Date.UTC(2026, 10, 29 + days, hourUtc, 0, 0));

let ctx: TestContext;
let admin: ApiClient;
let techA: ApiClient;
let techB: ApiClient;
let ids: Record<string, string>;
let techAId: string;
let techBId: string;

const TRICKY_NAME = 'Roof RTU, north side; "urgent"\\ check';
const LONG_DESCRIPTION = `Replace the filters on every unit — café kitchen first.\nThen check belts, pulleys; and the économiseur ${'x'.repeat(120)} ✓ 😀`;

/** The feed URL's path (the URL is PUBLIC_URL + path). */
const pathOf = (url: string) => new URL(url).pathname;

async function fetchFeed(url: string) {
  return signedOut(ctx).call('GET', pathOf(url));
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => ({ vevent, event: new ICAL.Event(vevent) }));
  return { calendar, events };
}

async function login(username: string) {
  return admin.as(await ctx.login(username, TEST_PASSWORD));
}

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW, config: { publicUrl: 'https://hvac.example.com' } });
  admin = await signInAs(ctx, 'admin');
  const a = await ctx.f.technician({
    user: { username: 'tech-a', email: 'a@example.com', firstName: 'Pat', lastName: 'Lee', password: TEST_PASSWORD },
  });
  const b = await ctx.f.technician({
    user: { username: 'tech-b', email: 'b@example.com', firstName: 'Sam', lastName: 'Ortiz', password: TEST_PASSWORD },
    technician: { office: 'North Office' },
  });
  techAId = a.user.id;
  techBId = b.user.id;
  techA = await login('tech-a');
  techB = await login('tech-b');

  const company = await ctx.f.company({ name: 'Acme Foods, Inc.' });
  const location = await ctx.f.location({
    companyId: company.id,
    name: 'Warehouse',
    buildingName: 'Building B',
    address: '12 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
  });
  const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'RTU-7' });
  const job = (overrides: Parameters<typeof ctx.f.job>[0]) =>
    ctx.f.job({ locationId: location.id, unitId: unit.id, ...overrides });
  const scheduled = (start: Date, extra: Parameters<typeof ctx.f.job>[0] = {}) =>
    job({ status: 'scheduled', scheduleStart: start, ...extra });

  ids = {
    tomorrow: (
      await scheduled(at(1), {
        name: TRICKY_NAME,
        description: LONG_DESCRIPTION,
        scheduleDuration: 90,
        contactName: 'Dana Reyes',
        contactPhone: '5551234567',
        technicianIds: [techAId],
      })
    ).id,
    completed: (await job({ status: 'completed', scheduleStart: at(-5), technicianIds: [techAId] })).id,
    tooOld: (await scheduled(at(-31), { technicianIds: [techAId] })).id,
    tooFar: (await scheduled(at(91), { technicianIds: [techAId] })).id,
    cancelled: (await job({ status: 'cancelled', scheduleStart: at(2), technicianIds: [techAId] })).id,
    unscheduled: (await job({ status: 'unscheduled', technicianIds: [techAId] })).id,
    othersJob: (await scheduled(at(3), { technicianIds: [techBId], office: 'North Office', name: 'North job' })).id,
    shared: (await scheduled(at(4), { technicianIds: [techBId, techAId], office: 'North Office', name: 'Shared' })).id,
  };
});

afterAll(async () => {
  await ctx.close();
});

describe("a technician's own feed", () => {
  let feed: CalendarFeedCreated;

  it('starts without a feed, and makes one whose URL is shown once', async () => {
    expect((await techA.call('GET', '/api/calendar-feeds/mine')).json<MyCalendarFeed>()).toEqual({ feed: null });
    const made = await techA.call('POST', '/api/calendar-feeds/mine');
    expect(made.statusCode).toBe(200);
    feed = made.json<CalendarFeedCreated>();
    expect(feed.url).toMatch(/^https:\/\/hvac\.example\.com\/api\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.feed).toMatchObject({ kind: 'personal', technicianId: techAId, office: null, lastFetchedAt: null });
    // Only the hash is stored.
    const [row] = await ctx.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.feed.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(feed.url.split('/').pop()!.replace('.ics', ''));
    expect(JSON.stringify((await techA.call('GET', '/api/calendar-feeds/mine')).json())).not.toContain(feed.url);
  });

  it('serves text/calendar without a session, with only their jobs of the window', async () => {
    const response = await fetchFeed(feed.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { calendar, events } = parse(response.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Jobs: Pat Lee');
    expect(events.map((e) => e.event.uid).sort()).toEqual(
      [ids.tomorrow, ids.completed, ids.shared].map((id) => `job-${id}@hvac-field-service`).sort(),
    );
  });

  it('writes the event: UTC times, the address, the unit, contact, phone, description and the link back', async () => {
    const { events } = parse((await fetchFeed(feed.url)).body);
    const { event, vevent } = events.find((e) => e.event.uid === `job-${ids.tomorrow}@hvac-field-service`)!;
    const job = (await admin.call('GET', `/api/jobs/${ids.tomorrow}`)).json<{ number: number }>();
    expect(event.summary).toBe(`Job ${job.number}: ${TRICKY_NAME}`);
    expect(event.startDate.toJSDate().toISOString()).toBe(at(1).toISOString());
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(90 * 60 * 1000);
    expect(event.location).toBe('12 Main St, Springfield, IL 62701');
    expect(event.description).toContain('Customer: Acme Foods, Inc.');
    expect(event.description).toContain('Location: Warehouse (Building B)');
    expect(event.description).toContain('Unit: RTU-7');
    expect(event.description).toContain('Contact: Dana Reyes');
    expect(event.description).toContain('Phone: 5551234567');
    expect(event.description).toContain(LONG_DESCRIPTION);
    expect(event.description).not.toContain('Technicians:');
    expect(vevent.getFirstPropertyValue('url')).toBe(`https://hvac.example.com/jobs/${ids.tomorrow}`);
    expect(Number(vevent.getFirstPropertyValue('sequence'))).toBeGreaterThan(0);
    expect(vevent.getFirstPropertyValue('last-modified')).toBeTruthy();
    expect(vevent.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-29T12:00:00Z');
  });

  it('folds every line at 75 octets with CRLF and escapes TEXT values', async () => {
    const text = (await fetchFeed(feed.url)).body;
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\r\n]/);
    }
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Job ');
    expect(unfolded).toContain('Roof RTU\\, north side\\; "urgent"\\\\ check');
    expect(unfolded).toContain('Customer: Acme Foods\\, Inc.\\n');
  });

  it('stamps the fetch on the feed (at most once an hour)', async () => {
    const mine = (await techA.call('GET', '/api/calendar-feeds/mine')).json<MyCalendarFeed>();
    expect(mine.feed?.lastFetchedAt).toBe(NOW.toISOString());
  });

  it('regenerating stops the old URL at once; turning off stops the new one', async () => {
    const again = (await techA.call('POST', '/api/calendar-feeds/mine')).json<CalendarFeedCreated>();
    expect(again.url).not.toBe(feed.url);
    expect(again.feed.id).toBe(feed.feed.id);
    expectRefused(await fetchFeed(feed.url), 404, 'Calendar feed not found');
    expect((await fetchFeed(again.url)).statusCode).toBe(200);

    expect((await techA.call('DELETE', '/api/calendar-feeds/mine')).statusCode).toBe(204);
    expectRefused(await fetchFeed(again.url), 404, 'Calendar feed not found');
    expect((await techA.call('GET', '/api/calendar-feeds/mine')).json<MyCalendarFeed>()).toEqual({ feed: null });
    expectRefused(await techA.call('DELETE', '/api/calendar-feeds/mine'), 404, 'Calendar feed not found');
  });

  it("another technician's feed holds only their own jobs", async () => {
    const b = (await techB.call('POST', '/api/calendar-feeds/mine')).json<CalendarFeedCreated>();
    const { events } = parse((await fetchFeed(b.url)).body);
    expect(events.map((e) => e.event.uid).sort()).toEqual(
      [ids.othersJob, ids.shared].map((id) => `job-${id}@hvac-field-service`).sort(),
    );
  });

  it('stops when the technician is made inactive', async () => {
    const a = (await techA.call('POST', '/api/calendar-feeds/mine')).json<CalendarFeedCreated>();
    expect((await fetchFeed(a.url)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, techAId));
    try {
      expectRefused(await fetchFeed(a.url), 404, 'Calendar feed not found');
    } finally {
      await ctx.database.db.update(users).set({ status: 'active' }).where(eq(users.id, techAId));
    }
    expect((await fetchFeed(a.url)).statusCode).toBe(200);
  });
});

describe("the offices' feeds", () => {
  it('lists every office, and makes an office feed with its jobs and their technicians', async () => {
    const overview = (await admin.call('GET', '/api/calendar-feeds')).json<CalendarFeedsOverview>();
    expect(overview.offices.map((o) => o.office)).toEqual(['Main Office', 'North Office']);
    expect(overview.offices.every((o) => o.feed === null)).toBe(true);
    expect(overview.technicians.map((t) => t.name)).toEqual(['Pat Lee', 'Sam Ortiz']);

    const north = (
      await admin.call('POST', '/api/calendar-feeds/offices', { office: 'North Office' })
    ).json<CalendarFeedCreated>();
    expect(north.feed).toMatchObject({ kind: 'office', office: 'North Office', technicianId: null });
    const { calendar, events } = parse((await fetchFeed(north.url)).body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Jobs: North Office');
    expect(events.map((e) => e.event.uid).sort()).toEqual(
      [ids.othersJob, ids.shared].map((id) => `job-${id}@hvac-field-service`).sort(),
    );
    const shared = events.find((e) => e.event.uid === `job-${ids.shared}@hvac-field-service`)!;
    expect(shared.event.description).toContain('Technicians: Sam Ortiz, Pat Lee');

    const main = (
      await admin.call('POST', '/api/calendar-feeds/offices', { office: 'Main Office' })
    ).json<CalendarFeedCreated>();
    const mainUids = parse((await fetchFeed(main.url)).body).events.map((e) => e.event.uid);
    expect(mainUids.sort()).toEqual([ids.tomorrow, ids.completed].map((id) => `job-${id}@hvac-field-service`).sort());
  });

  it('refuses an office there is not', async () => {
    await admin.refused(
      'POST',
      '/api/calendar-feeds/offices',
      { office: 'Mars Office' },
      400,
      'Choose one of the offices',
      {
        field: 'office',
      },
    );
    await admin.refused('POST', '/api/calendar-feeds/offices', {}, 400, undefined, { field: 'office' });
  });

  it("turns off any feed by id (a technician's too)", async () => {
    const b = (await techB.call('POST', '/api/calendar-feeds/mine')).json<CalendarFeedCreated>();
    expect((await admin.call('DELETE', `/api/calendar-feeds/${b.feed.id}`)).statusCode).toBe(204);
    expectRefused(await fetchFeed(b.url), 404, 'Calendar feed not found');
    await admin.refusesBadIds({
      url: (id) => `/api/calendar-feeds/${id}`,
      methods: { DELETE: undefined },
      malformed: 'Invalid calendar feed ID format',
      missing: 'Calendar feed not found',
    });
  });
});

describe('who may do what', () => {
  it('keeps office feeds to admins and managers, and own feeds to technicians', async () => {
    const user = await admin.withRole('user');
    const manager = await admin.withRole('manager');
    expect((await manager.call('GET', '/api/calendar-feeds')).statusCode).toBe(200);
    await user.refused('GET', '/api/calendar-feeds', undefined, 403);
    await techA.refused('POST', '/api/calendar-feeds/offices', { office: 'Main Office' }, 403);
    await techA.refused('GET', '/api/calendar-feeds', undefined, 403);
    await admin.refused('POST', '/api/calendar-feeds/mine', undefined, 403);
    await user.refused('GET', '/api/calendar-feeds/mine', undefined, 403);
  });

  it('refuses a technician account without a technician record', async () => {
    const bare = await admin.withRole('technician');
    await bare.refused(
      'POST',
      '/api/calendar-feeds/mine',
      undefined,
      409,
      'Only a technician has a calendar feed of their own jobs',
    );
  });

  it('answers 404 to a URL that is no feed, however it is spelled', async () => {
    const anonymous = signedOut(ctx);
    for (const path of [
      `/api/public/calendar/${'A'.repeat(43)}.ics`,
      `/api/public/calendar/${'A'.repeat(43)}`,
      '/api/public/calendar/short.ics',
      `/api/public/calendar/${'A'.repeat(43)}.txt`,
    ])
      expectRefused(await anonymous.call('GET', path), 404, 'Calendar feed not found');
  });

  it('serves a feed URL without its .ics too', async () => {
    const made = (await techB.call('POST', '/api/calendar-feeds/mine')).json<CalendarFeedCreated>();
    const response = await signedOut(ctx).call('GET', pathOf(made.url).replace(/\.ics$/, ''));
    expect(response.statusCode).toBe(200);
    expect(parse(response.body).events.length).toBe(2);
  });
});
