import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateLong, formatDateTime, formatPhone, formatTime } from './format';

describe('formatPhone: one format for every number shown', () => {
  it.each([
    ['4045550199', '(404) 555-0199'],
    ['404-555-0199', '(404) 555-0199'],
    ['404.555.0199', '(404) 555-0199'],
    ['(404) 555-0199', '(404) 555-0199'],
    ['+1 404 555 0199', '(404) 555-0199'],
    ['1-404-555-0199', '(404) 555-0199'],
    ['404 555 0199 x12', '(404) 555-0199 x12'],
    ['404-555-0199 ext. 7', '(404) 555-0199 x7'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['555-0199', '555-0199'],
    ['call the office', 'call the office'],
  ])('%s -> %s', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });
  it('has nothing to show for no number', () => {
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone('  ')).toBeNull();
  });
});

describe('formatters made once (same text as toLocaleString)', () => {
  it('formats times, long dates and counts as before', () => {
    const at = new Date('2026-01-15T14:30:00Z');
    for (const zone of ['America/New_York', 'America/Los_Angeles']) {
      const expected = at.toLocaleTimeString('en-US', {
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone: zone,
      });
      expect(formatTime(at, zone)).toBe(expected);
      expect(formatTime(at.toISOString(), zone)).toBe(expected);
    }
    // Never the browser's zone: before the company's zone loads, the default one (New York).
    expect(formatTime(at, undefined)).toBe('9:30 AM EST');
    expect(formatDateTime('2026-11-27T19:23:00Z', undefined)).toBe('11/27/2026, 2:23 PM EST');
    expect(formatDateTime('2026-11-27T19:23:00Z', 'America/Denver')).toBe('11/27/2026, 12:23 PM MST');
    expect(formatTime(at, 'America/New_York')).toBe('9:30 AM EST');
    expect(formatTime(at, 'America/Los_Angeles')).toBe('6:30 AM PST');
    expect(formatDateLong('2026-11-26')).toBe('Thursday, November 26, 2026');
    // An instant's calendar day is the company's, not the browser's (issue 26): 03:30 UTC on the
    // 28th is still the 27th in New York and Los Angeles; a plain date stays that date.
    expect(formatDate('2026-11-28T03:30:00Z', 'America/New_York')).toBe('11/27/2026');
    expect(formatDate('2026-11-28T03:30:00Z', 'America/Los_Angeles')).toBe('11/27/2026');
    expect(formatDate('2026-11-28T03:30:00Z', 'Europe/Berlin')).toBe('11/28/2026');
    expect(formatDate('2026-11-28T03:30:00Z')).toBe('11/27/2026');
    expect(formatDate('2026-11-28', 'Europe/Berlin')).toBe('11/28/2026');
    expect(formatDate(null)).toBe('');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });
});
