import { describe, expect, it } from 'vitest';
import {
  zoneShortName,
  addDays,
  dateInZone,
  formatDateTimeInZone,
  formatDuration,
  formatTimeInZone,
  isIsoDate,
  isValidTimeZone,
  zonedDateTimeToInstant,
} from './dates';

describe('dates', () => {
  it('today depends on the company time zone', () => {
    const lateEvening = new Date('2026-03-21T03:30:00Z');
    expect(dateInZone(lateEvening, 'America/New_York')).toBe('2026-03-20');
    expect(dateInZone(lateEvening, 'UTC')).toBe('2026-03-21');
  });

  it('turns a wall-clock time into the instant, across daylight-saving changes', () => {
    expect(zonedDateTimeToInstant('2026-01-15', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-01-15T14:00:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-07-15', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-07-15T13:00:00.000Z',
    );
    expect(zonedDateTimeToInstant('2026-03-08', '12:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T16:00:00.000Z',
    );
  });

  it('validates dates and zones', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('02/28/2026')).toBe(false);
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it('adds days across month ends and formats durations as h:mm', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(formatDuration(60)).toBe('1:00');
    expect(formatDuration(90)).toBe('1:30');
    expect(formatDuration(240)).toBe('4:00');
  });

  // Issue 26: one event read 7:23 PM, 11:23 AM and 2:23 PM EST in three places. Every time shown
  // is the company's, with the zone's short name, whatever zone the browser or server runs in.
  it.each([
    ['2026-11-27T19:23:00Z', 'America/New_York', '2:23 PM EST', '11/27/2026, 2:23 PM EST'],
    ['2026-11-27T19:23:00Z', 'America/Los_Angeles', '11:23 AM PST', '11/27/2026, 11:23 AM PST'],
    ['2026-11-27T19:23:00Z', 'America/Chicago', '1:23 PM CST', '11/27/2026, 1:23 PM CST'],
    // summer time, and a UTC evening that is still the previous day in New York
    ['2026-07-04T02:05:00Z', 'America/New_York', '10:05 PM EDT', '07/03/2026, 10:05 PM EDT'],
    ['2026-03-08T07:30:00Z', 'America/New_York', '3:30 AM EDT', '03/08/2026, 3:30 AM EDT'],
  ])('shows %s in %s as "%s"', (at, zone, time, dateTime) => {
    expect(formatTimeInZone(at, zone)).toBe(time);
    expect(formatTimeInZone(new Date(at), zone)).toBe(time);
    expect(formatDateTimeInZone(at, zone)).toBe(dateTime);
  });
});

describe('zoneShortName', () => {
  it("names the company's zone as its clocks read at that instant", () => {
    expect(zoneShortName('2026-11-27T19:23:00Z', 'America/New_York')).toBe('EST');
    expect(zoneShortName('2026-07-07T15:00:00Z', 'America/New_York')).toBe('EDT');
    expect(zoneShortName('2026-01-07T15:00:00Z', 'America/Chicago')).toBe('CST');
  });
});
