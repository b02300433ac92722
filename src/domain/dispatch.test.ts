import { describe, expect, it } from 'vitest';
import { boardQuery, initials, minutesIntoDay, moveJobInput, overlaps, placeBlock } from './dispatch.js';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('placing blocks on the day timeline', () => {
  it.each([
    // 9:00 AM New York in winter (UTC-5), one hour at 100px an hour
    ['2026-01-15T14:00:00Z', 60, { leftPx: 900, widthPx: 100 }],
    // 9:30 AM, 90 minutes
    ['2026-01-15T14:30:00Z', 90, { leftPx: 950, widthPx: 150 }],
    // no duration: the default hour
    ['2026-01-15T14:00:00Z', null, { leftPx: 900, widthPx: 100 }],
    // 30 minutes is narrower than 80px: the minimum
    ['2026-01-15T14:00:00Z', 30, { leftPx: 900, widthPx: 80 }],
    // 11:00 PM for 3 hours: cut at midnight
    ['2026-01-16T04:00:00Z', 180, { leftPx: 2300, widthPx: 100 }],
  ])('%s for %s minutes', (start, minutes, expected) => {
    expect(placeBlock({ start: at(start), durationMinutes: minutes, timeZone: NY, hourWidthPx: 100 })).toEqual(
      expected,
    );
  });

  it('keeps wall-clock columns on daylight-saving days', () => {
    // 2026-03-08: clocks go from 2:00 to 3:00 AM; 9:00 AM EDT is 13:00 UTC
    expect(
      placeBlock({ start: at('2026-03-08T13:00:00Z'), durationMinutes: 60, timeZone: NY, hourWidthPx: 100 }).leftPx,
    ).toBe(900);
    // 2026-11-01: clocks go from 2:00 back to 1:00 AM; 9:00 AM EST is 14:00 UTC
    expect(
      placeBlock({ start: at('2026-11-01T14:00:00Z'), durationMinutes: 60, timeZone: NY, hourWidthPx: 100 }).leftPx,
    ).toBe(900);
    expect(minutesIntoDay(at('2026-03-08T07:30:00Z'), NY)).toBe(3 * 60 + 30);
  });

  it('finds overlaps; touching ends do not overlap', () => {
    const nine = { start: at('2026-01-15T14:00:00Z'), durationMinutes: 60 };
    expect(overlaps(nine, { start: at('2026-01-15T14:30:00Z'), durationMinutes: 60 })).toBe(true);
    expect(overlaps(nine, { start: at('2026-01-15T13:00:00Z'), durationMinutes: 120 })).toBe(true);
    expect(overlaps(nine, { start: at('2026-01-15T15:00:00Z'), durationMinutes: 60 })).toBe(false);
    expect(overlaps(nine, { start: at('2026-01-15T13:00:00Z'), durationMinutes: 60 })).toBe(false);
  });

  it('makes initials', () => {
    expect(initials('Ann Lee')).toBe('AL');
    expect(initials('Mary Ann van Dyke')).toBe('MD');
    expect(initials('bob')).toBe('BO');
    expect(initials(' ')).toBe('?');
  });
});

describe('board and move inputs', () => {
  it('reads the filters from the URL', () => {
    expect(
      boardQuery.parse({
        from: '2026-03-01',
        to: '2026-03-31',
        tags: 'vip, roof ,vip',
        minPrice: '100.5',
        showCompleted: 'true',
      }),
    ).toMatchObject({
      dateField: 'due',
      tags: ['vip', 'roof'],
      minPrice: 10050,
      showCompleted: true,
      showSubcontracted: false,
    });
    expect(boardQuery.safeParse({ from: '2026-03-01', to: '2026-05-15' }).error?.issues[0]?.message).toBe(
      'The board range must be at most 62 days',
    );
    expect(
      boardQuery.safeParse({ from: '2026-03-01', to: '2026-03-02', minPrice: '10', maxPrice: '5' }).error?.issues[0]
        ?.message,
    ).toBe('The maximum price must be at least the minimum price');
    expect(
      boardQuery.safeParse({ from: '2026-03-01', to: '2026-03-02', minPrice: 'abc' }).error?.issues[0]?.message,
    ).toBe('Minimum price must be an amount in dollars (e.g. 250 or 99.50)');
  });

  it('checks a move', () => {
    const base = { scheduleStart: '2026-03-02T14:00:00.000Z', expectedUpdatedAt: '2026-03-01T10:00:00.000Z' };
    expect(moveJobInput.parse(base)).toMatchObject({ confirmOverlap: false });
    expect(moveJobInput.safeParse({ ...base, scheduleDuration: 45 }).error?.issues[0]?.message).toBe(
      'Duration must be in 30-minute steps',
    );
    expect(moveJobInput.safeParse({ ...base, scheduleStart: 'tomorrow' }).error?.issues[0]?.message).toBe(
      'Schedule start must be an ISO date and time',
    );
    expect(moveJobInput.safeParse({ ...base, toTechnicianId: null }).error?.issues[0]?.path).toEqual([
      'toTechnicianId',
    ]);
    expect(moveJobInput.safeParse({ scheduleStart: null }).error?.issues[0]?.message).toBe(
      'The time the job was last loaded is required',
    );
  });
});
