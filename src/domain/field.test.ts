import { describe, expect, it } from 'vitest';
import {
  checklistFor,
  deviceTimeRefusal,
  effectiveAt,
  FIELD_MESSAGES,
  fieldJobChangeInput,
  fieldRange,
  mergeFieldChanges,
  nextTimeEvent,
  timesheet,
  type FieldValues,
  type TimeEventKind,
} from './field';

const current: FieldValues = { contactName: 'Ann Lee', contactPhone: '555-0100', problemDescription: 'No cooling' };

describe('mergeFieldChanges: field by field, a real conflict kept', () => {
  it.each([
    {
      why: 'the office left the field as the phone saw it: applied',
      base: { contactPhone: '555-0100' },
      incoming: { contactPhone: '555-0199' },
      apply: { contactPhone: '555-0199' },
      conflicts: [],
    },
    {
      why: 'the office changed it to the same value: nothing to do',
      base: { contactPhone: '555-0000' },
      incoming: { contactPhone: '555-0100' },
      apply: {},
      conflicts: [],
    },
    {
      why: 'the office changed it differently: a conflict with both values',
      base: { contactPhone: '555-0000' },
      incoming: { contactPhone: '555-0199' },
      apply: {},
      conflicts: [{ field: 'contactPhone', base: '555-0000', office: '555-0100', technician: '555-0199' }],
    },
    {
      why: 'one field applies, another conflicts',
      base: { contactName: 'Ann Lee', problemDescription: 'Noisy' },
      incoming: { contactName: 'Ann Leigh', problemDescription: 'Compressor failed' },
      apply: { contactName: 'Ann Leigh' },
      conflicts: [
        { field: 'problemDescription', base: 'Noisy', office: 'No cooling', technician: 'Compressor failed' },
      ],
    },
    {
      why: 'clearing a value the office kept is applied',
      base: { contactName: 'Ann Lee' },
      incoming: { contactName: null },
      apply: { contactName: null },
      conflicts: [],
    },
    {
      why: 'a field the phone did not change is left alone, whatever its base',
      base: { contactName: 'Someone else' },
      incoming: {},
      apply: {},
      conflicts: [],
    },
  ] as const)('$why', ({ base, incoming, apply, conflicts }) => {
    expect(mergeFieldChanges(base, current, incoming)).toEqual({ apply, conflicts });
  });
});

describe('fieldJobChangeInput', () => {
  const deviceAt = '2026-11-27T14:00:00Z';
  it('needs the base of each changed field', () => {
    const parsed = fieldJobChangeInput.safeParse({ base: {}, changes: { contactPhone: '1' }, deviceAt });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(FIELD_MESSAGES.baseMissing);
  });
  it('needs a change, and refuses fields a technician may not change', () => {
    expect(fieldJobChangeInput.safeParse({ base: {}, changes: {}, deviceAt }).error?.issues[0]?.message).toBe(
      FIELD_MESSAGES.nothingChanged,
    );
    expect(fieldJobChangeInput.safeParse({ base: { name: 'x' }, changes: { name: 'y' }, deviceAt }).success).toBe(
      false,
    );
  });
  it('an empty text is no value', () => {
    const parsed = fieldJobChangeInput.parse({ base: { contactName: 'A' }, changes: { contactName: '  ' }, deviceAt });
    expect(parsed.changes.contactName).toBeNull();
  });
});

describe('time events', () => {
  const ev = (kind: TimeEventKind, deviceAt: string, serverAt = deviceAt, userId = 'u1', userName = 'Tom Tech') => ({
    kind,
    deviceAt,
    serverAt,
    userId,
    userName,
  });

  it.each([
    [[], 'travel_started'],
    [[ev('travel_started', '2026-11-27T13:00:00Z')], 'arrived'],
    [[ev('arrived', '2026-11-27T13:30:00Z'), ev('travel_started', '2026-11-27T13:00:00Z')], 'work_started'],
    [[ev('work_started', '2026-11-27T13:40:00Z')], 'work_finished'],
    [[ev('work_finished', '2026-11-27T15:00:00Z')], 'travel_started'],
  ] as const)('after %j the next button is %s', (events, next) => {
    expect(nextTimeEvent(events)).toBe(next);
  });

  it('counts the device time unless the device clock ran ahead of the server', () => {
    expect(effectiveAt({ deviceAt: '2026-11-27T13:00:00Z', serverAt: '2026-11-27T18:00:00Z' })).toBe(
      '2026-11-27T13:00:00Z',
    );
    expect(effectiveAt({ deviceAt: '2026-11-27T19:00:00Z', serverAt: '2026-11-27T18:00:00Z' })).toBe(
      '2026-11-27T18:00:00Z',
    );
  });

  it('refuses a device time a day ahead or a month old', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(deviceTimeRefusal('2026-11-27T11:00:00Z', now)).toBeNull();
    expect(deviceTimeRefusal('2026-11-28T13:00:00Z', now)).toBe(FIELD_MESSAGES.deviceTimeFuture);
    expect(deviceTimeRefusal('2026-10-27T11:00:00Z', now)).toBe(FIELD_MESSAGES.deviceTimeOld);
  });

  it('a timesheet per technician and day: travel, on site, work (New York)', () => {
    const days = timesheet(
      [
        ev('travel_started', '2026-11-27T13:00:00Z'),
        ev('arrived', '2026-11-27T13:25:00Z'),
        ev('work_started', '2026-11-27T13:35:00Z'),
        ev('work_finished', '2026-11-27T15:05:00Z'),
        // a second technician, still travelling: nothing counted yet
        ev('travel_started', '2026-11-27T14:00:00Z', '2026-11-27T14:00:00Z', 'u2', 'Ada Tech'),
        // the next day, a return visit without travel recorded
        ev('arrived', '2026-11-28T14:00:00Z'),
        ev('work_started', '2026-11-28T14:00:00Z'),
        ev('work_finished', '2026-11-28T14:45:00Z'),
      ],
      'America/New_York',
    );
    expect(days).toEqual([
      {
        date: '2026-11-27',
        userId: 'u1',
        userName: 'Tom Tech',
        travelMinutes: 25,
        onSiteMinutes: 100,
        workMinutes: 90,
      },
      { date: '2026-11-28', userId: 'u1', userName: 'Tom Tech', travelMinutes: 0, onSiteMinutes: 45, workMinutes: 45 },
    ]);
  });

  it('a day is the day in the company zone (late evening in New York is the next day in UTC)', () => {
    const days = timesheet(
      [ev('work_started', '2026-11-28T03:00:00Z'), ev('work_finished', '2026-11-28T04:00:00Z')],
      'America/New_York',
    );
    expect(days[0]?.date).toBe('2026-11-27');
    expect(days[0]?.workMinutes).toBe(60);
  });
});

describe('checklists and the range', () => {
  it('a job type has its checklist; another type the general one', () => {
    expect(checklistFor('PM')).toContain('Replace air filters');
    expect(checklistFor('UNKNOWN')).toEqual(['Confirm the work with the customer', 'Do the work', 'Test and clean up']);
  });
  it('My Day covers today in the company zone and the next days', () => {
    expect(fieldRange(new Date('2026-11-28T03:00:00Z'), 'America/New_York', 3)).toEqual({
      from: '2026-11-27',
      to: '2026-11-30',
    });
  });
});
