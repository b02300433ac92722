import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, formatDuration, formatUtc, writeCalendar } from './icalendar';

const octets = (line: string) => new TextEncoder().encode(line).length;
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('escapeText', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b; c', 'a\\, b\\; c'],
    ['back\\slash', 'back\\\\slash'],
    ['two\nlines', 'two\\nlines'],
    ['crlf\r\nend', 'crlf\\nend'],
    ['cr\rend', 'cr\\nend'],
    ['bell\u0007and\u0000nul', 'bell and nul'],
    ['tab\tkept', 'tab\tkept'],
    ['"quotes" and colons: fine', '"quotes" and colons: fine'],
  ])('%j -> %j', (value, escaped) => {
    expect(escapeText(value)).toBe(escaped);
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds a long line into lines of at most 75 octets that unfold to the original', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(30)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(5);
    for (const l of lines) expect(octets(l)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('counts octets, not characters, and never cuts a character', () => {
    const line = `LOCATION:${'é'.repeat(40)}${'😀'.repeat(20)}${'中'.repeat(30)}`;
    const lines = foldLine(line).split('\r\n');
    for (const l of lines) {
      expect(octets(l)).toBeLessThanOrEqual(75);
      expect(l).not.toMatch(/\uFFFD/);
      // every piece is valid UTF-16 on its own: no lone surrogate
      expect(() => encodeURIComponent(l)).not.toThrow();
    }
    expect(unfold(lines.join('\r\n'))).toBe(line);
  });
});

describe('times', () => {
  it('writes UTC date-times without separators or milliseconds', () => {
    expect(formatUtc(new Date('2026-11-29T14:05:09.123Z'))).toBe('20261129T140509Z');
  });
  it.each([
    [60, 'PT1H'],
    [90, 'PT1H30M'],
    [45, 'PT45M'],
    [0, 'PT0M'],
  ])('%i minutes is %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe('writeCalendar', () => {
  const stamp = new Date('2026-11-29T12:00:00Z');
  const text = writeCalendar({
    name: 'Jobs: Main Office',
    timeZone: 'America/Chicago',
    refreshMinutes: 60,
    stamp,
    events: [
      {
        uid: 'job-1@hvac-field-service',
        sequence: 12,
        lastModified: new Date('2026-11-28T10:00:00Z'),
        start: new Date('2026-11-30T15:00:00Z'),
        end: new Date('2026-11-30T16:30:00Z'),
        summary: 'Job 1001: Fix RTU, north roof',
        location: '1 Main St, Springfield, IL 62701',
        geo: { latitude: 39.7817, longitude: -89.6501 },
        description: 'Line one\nLine two; done',
        url: 'https://example.com/jobs/1?a=1,2',
      },
    ],
  });

  it('is CRLF throughout, starts and ends the calendar and has every line within 75 octets', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('writes the event with UTC times, escapes TEXT and leaves the URL as it is', () => {
    const lines = unfold(text).split('\r\n');
    expect(lines).toContain('DTSTART:20261130T150000Z');
    expect(lines).toContain('DTEND:20261130T163000Z');
    expect(lines).toContain('DTSTAMP:20261129T120000Z');
    expect(lines).toContain('SEQUENCE:12');
    expect(lines).toContain('LAST-MODIFIED:20261128T100000Z');
    expect(lines).toContain('SUMMARY:Job 1001: Fix RTU\\, north roof');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two\\; done');
    expect(lines).toContain('LOCATION:1 Main St\\, Springfield\\, IL 62701');
    expect(lines).toContain('GEO:39.781700;-89.650100');
    expect(lines).toContain('URL:https://example.com/jobs/1?a=1,2');
    expect(lines).toContain('X-WR-TIMEZONE:America/Chicago');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
  });
});
