import { describe, expect, it } from 'vitest';
import type { BoardAnswer, BoardJob } from '../../../domain/dispatch';
import {
  draftFromState,
  draftToUrl,
  filterChips,
  boardUrlState,
  rangeDates,
  toBoardQuery,
  DEFAULT_DRAFT,
} from './board-filters';
import {
  jobsByRowAndDay,
  minutesAt,
  nextTechnicianIds,
  placeRow,
  unavailableIntervals,
  UNASSIGNED_ROW,
} from './board-layout';
import { HOUR_LABELS, periodDays, periodLabel, shiftPeriod } from './board-period';
import { markerColor } from './components/dispatch-map';
import { blockTone } from './components/job-block';
import { dayAt } from './components/use-board-drag';
import { optimisticJob, undoRequest, withBoardJob, withTrayJob } from './components/use-move-flow';

const ZONE = 'America/New_York';
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

function job(overrides: Partial<BoardJob> = {}): BoardJob {
  return {
    id: 'j1',
    number: 1001,
    name: 'PM',
    status: 'scheduled',
    scheduleStart: '2026-03-11T14:00:00.000Z',
    scheduleDuration: 60,
    timePeriodDue: '2026-03-20',
    updatedAt: '2026-03-01T00:00:00.000Z',
    locationName: 'Plaza',
    latitude: null,
    longitude: null,
    unitNumber: null,
    technicianIds: [A],
    ...overrides,
  };
}
const url = (query: string) => boardUrlState.parse(Object.fromEntries(new URLSearchParams(query)));

describe('the period', () => {
  it('shows a day, its Sunday-first week, or every day of its month, and steps by one of them', () => {
    expect(periodDays('day', '2026-11-25')).toEqual(['2026-11-25']);
    expect(periodDays('week', '2026-11-25')).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(periodDays('month', '2026-02-10')).toHaveLength(28);
    expect(shiftPeriod('day', '2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftPeriod('week', '2026-11-25', -1)).toBe('2026-11-18');
    expect(shiftPeriod('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(periodLabel('day', '2026-11-25')).toBe('Wednesday, November 25, 2026');
    expect(periodLabel('week', '2026-11-25')).toBe('Nov 22 – 28, 2026');
    expect(periodLabel('week', '2026-12-30')).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(periodLabel('month', '2026-11-25')).toBe('November 2026');
  });

  it('heads 24 hourly columns 12:00 AM to 11:00 PM', () => {
    expect(HOUR_LABELS).toHaveLength(24);
    expect([HOUR_LABELS[0], HOUR_LABELS[1], HOUR_LABELS[12], HOUR_LABELS[23]]).toEqual([
      '12:00 AM',
      '1:00 AM',
      '12:00 PM',
      '11:00 PM',
    ]);
  });
});

describe('the filters in the URL', () => {
  it('defaults to jobs due this month in the Main Office, shown as the two chips', () => {
    const state = url('');
    expect(toBoardQuery(state)).toEqual({ range: 'this-month', office: 'Main Office' });
    expect(rangeDates(state.range, '2026-11-25', state)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(filterChips(state, undefined).map((c) => [c.label, c.remove !== null])).toEqual([
      ['Jobs Due By This Month', false],
      ['Main Office', true],
    ]);
  });

  it('sends every filter under the API names: a named month as range, a custom range with from and to', () => {
    const state = url(
      'dateField=schedule&range=next-month&tags=vip,%20roof&office=all&type=SC&ownerId=abc&serviceLine=REFR&region=North&price=true&minPrice=100&maxPrice=250.5&showCompleted=true&showSubcontracted=true',
    );
    expect(toBoardQuery(state)).toEqual({
      range: 'next-month',
      dateField: 'schedule',
      tags: 'vip,roof',
      type: 'SC',
      ownerId: 'abc',
      serviceLine: 'REFR',
      region: 'North',
      minPrice: '100',
      maxPrice: '250.5',
      showCompleted: 'true',
      showSubcontracted: 'true',
    });
    expect(rangeDates('last-month', '2026-01-10', {})).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(rangeDates('next-month', '2026-12-15', {})).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(toBoardQuery(url('range=custom&from=2026-01-05&to=2026-01-09'))).toEqual({
      range: 'custom',
      from: '2026-01-05',
      to: '2026-01-09',
      office: 'Main Office',
    });
    // A custom range without both dates is this month.
    expect(toBoardQuery(url('range=custom&from=2026-01-05')).range).toBe('this-month');
    expect(rangeDates('custom', '2026-01-10', { from: '2026-01-05', to: '2026-01-09' })).toEqual({
      from: '2026-01-05',
      to: '2026-01-09',
    });
    expect(filterChips(state, undefined).map((c) => c.label)).toEqual([
      'Jobs Scheduled Next Month',
      'Tags: vip, roof',
      'SC',
      'Owner: Unknown user',
      'REFR',
      'Region: North',
      'Estimated Price $100 – $250.5',
      'Completed Jobs',
      'Subcontracted Jobs',
    ]);
  });

  it('drops invalid values, and a price limit only counts when switched on', () => {
    const state = url('view=year&date=2026-02-31&dateField=week&minPrice=abc&maxPrice=20');
    expect([state.view, state.date, state.dateField, state.minPrice]).toEqual(['day', undefined, 'due', undefined]);
    expect(toBoardQuery(state).maxPrice).toBeUndefined();
  });

  it('round-trips the drawer: defaults leave the URL empty, removing the Main Office writes office=all', () => {
    expect(Object.values(draftToUrl(DEFAULT_DRAFT)).filter((v) => v !== undefined)).toEqual([]);
    expect(draftToUrl({ ...DEFAULT_DRAFT, office: '' }).office).toBe('all');
    const draft = {
      ...DEFAULT_DRAFT,
      range: 'custom' as const,
      from: '2026-11-02',
      to: '2026-11-09',
      tags: ' a, ,b,a ',
      showSubcontracted: true,
    };
    const state = url(
      new URLSearchParams(
        Object.entries(draftToUrl(draft))
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ).toString(),
    );
    expect(draftFromState(state)).toEqual({ ...draft, tags: 'a,b' });
    expect(filterChips(state, undefined)[0]!.label).toBe('Jobs Due By 11/2/2026 – 11/9/2026');
  });
});

describe('placing jobs', () => {
  it('draws a job in each of its technicians rows, or Unassigned, on its wall-clock day', () => {
    const jobs = [
      job({ id: 'a', technicianIds: [A, B] }),
      job({ id: 'u', technicianIds: [] }),
      job({ id: 'late', scheduleStart: '2026-03-12T03:30:00.000Z' }),
      job({ id: 'tray', scheduleStart: null }),
    ];
    const cells = jobsByRowAndDay(jobs, ['2026-03-11'], ZONE);
    expect(
      cells
        .get(A)
        ?.get('2026-03-11')
        ?.map((j) => j.id),
    ).toEqual(['a', 'late']);
    expect(
      cells
        .get(B)
        ?.get('2026-03-11')
        ?.map((j) => j.id),
    ).toEqual(['a']);
    expect(
      cells
        .get(UNASSIGNED_ROW)
        ?.get('2026-03-11')
        ?.map((j) => j.id),
    ).toEqual(['u']);
  });

  it('puts overlapping blocks on separate lines, at least 80px wide', () => {
    const { blocks, lanes } = placeRow(
      [
        job({ id: 'a' }),
        job({ id: 'b', scheduleStart: '2026-03-11T14:30:00.000Z', scheduleDuration: 30 }),
        job({ id: 'c', scheduleStart: '2026-03-11T15:00:00.000Z' }),
      ],
      ZONE,
      96,
    );
    expect(blocks.map((b) => [b.job.id, b.leftPx, b.widthPx, b.lane])).toEqual([
      ['a', 960, 96, 0],
      ['b', 1008, 80, 1],
      ['c', 1056, 96, 0],
    ]);
    expect(lanes).toBe(2);
  });

  it('shades the hours outside the availability of that weekday; nothing recorded shades nothing', () => {
    const availability = [{ dayOfWeek: 3, startTime: '09:00', endTime: '17:00', isAvailable: true }];
    expect(unavailableIntervals({ availability }, '2026-11-25')).toEqual([
      { start: 0, end: 540 },
      { start: 1020, end: 1440 },
    ]);
    expect(unavailableIntervals({ availability }, '2026-11-26')).toEqual([{ start: 0, end: 1440 }]);
    expect(unavailableIntervals({ availability: [] }, '2026-11-26')).toEqual([]);
  });

  it('snaps a drop to quarter hours inside the day', () => {
    expect(minutesAt(96 * 2 + 20, 96)).toBe(135);
    expect(minutesAt(-50, 96)).toBe(0);
    expect(minutesAt(96 * 30, 96)).toBe(1425);
  });
});

describe('moving', () => {
  it('changes technicians as the server does', () => {
    expect(nextTechnicianIds([A, C], A, B)).toEqual([B, C]);
    expect(nextTechnicianIds([A, B], A, B)).toEqual([B]);
    expect(nextTechnicianIds([A], A, null)).toEqual([]);
    expect(nextTechnicianIds([], null, B)).toEqual([B]);
    expect(nextTechnicianIds([A], null, B)).toEqual([A, B]);
    expect(nextTechnicianIds([A], undefined, undefined)).toEqual([A]);
  });

  it('draws the move at once and builds the Undo that puts it back', () => {
    const original = job({ technicianIds: [A, C] });
    const req = { job: original, scheduleStart: '2026-03-11T16:00:00.000Z', fromRow: A, toRow: B };
    const moved = { ...optimisticJob(req), updatedAt: '2026-03-02T00:00:00.000Z' };
    expect(moved.technicianIds).toEqual([B, C]);
    expect(undoRequest(req, moved)).toEqual({
      job: moved,
      scheduleStart: original.scheduleStart,
      undo: true,
      fromRow: B,
      toRow: A,
    });
    // Landing on a row the job already had took the technician off: Undo adds it back.
    const onto = { job: job({ technicianIds: [A, B] }), scheduleStart: original.scheduleStart, fromRow: A, toRow: B };
    expect(undoRequest(onto, optimisticJob(onto))).toMatchObject({ fromRow: UNASSIGNED_ROW, toRow: A });
    // To the tray and back.
    const tray = { job: original, scheduleStart: null };
    expect(optimisticJob(tray).status).toBe('unscheduled');
    expect(undoRequest(tray, optimisticJob(tray))).toEqual({
      job: optimisticJob(tray),
      scheduleStart: original.scheduleStart,
      undo: true,
    });
  });
});

describe('the tray and the board after a move (optimistic caches)', () => {
  const job = (o: Partial<BoardJob>): BoardJob =>
    ({
      id: 'x',
      number: 1,
      name: 'X',
      status: 'unscheduled',
      scheduleStart: null,
      technicianIds: [],
      updatedAt: 't',
      ...o,
    }) as BoardJob;
  it('a tray job scheduled leaves the tray (total down) and joins the board when it was not on its page', () => {
    const tray = { jobs: [job({}), { ...job({}), id: 'y' }], total: 250 };
    const scheduled = { ...job({}), status: 'scheduled' as const, scheduleStart: '2026-11-25T14:00:00.000Z' };
    expect(withTrayJob(tray, scheduled)).toEqual({ jobs: [tray.jobs[1]], total: 249 });
    const board = { jobs: [] as BoardJob[] } as unknown as BoardAnswer;
    expect(withBoardJob(board, scheduled).jobs).toEqual([scheduled]);
    // Unscheduled again: back in the tray (total up), kept on the board's answer without a time.
    expect(withTrayJob({ jobs: [], total: 249 }, job({}))).toEqual({ jobs: [job({})], total: 250 });
    expect(withBoardJob({ jobs: [scheduled] } as unknown as BoardAnswer, job({})).jobs).toEqual([job({})]);
    // A job not on the page and not scheduled is not added to the board.
    expect(withBoardJob(board, job({})).jobs).toEqual([]);
  });
});

describe('colours as the spec gives them', () => {
  it('blocks: green completed, red cancelled, blue otherwise; markers: scheduled blue, unscheduled amber, completed green, cancelled red, other grey', () => {
    expect(blockTone('completed')).toMatch(/green/);
    expect(blockTone('cancelled')).toMatch(/red/);
    expect(blockTone('scheduled')).toMatch(/blue/);
    expect(blockTone('unscheduled')).toMatch(/blue/);
    expect(['scheduled', 'unscheduled', 'completed', 'cancelled', 'on-hold'].map(markerColor)).toEqual([
      '#2563eb',
      '#f59e0b',
      '#16a34a',
      '#dc2626',
      '#64748b',
    ]);
  });
});

describe('a drop on a week or month row finds its day from x', () => {
  it('counts whole columns from the first day, and nothing outside the period', () => {
    const track = {
      dataset: { dropFirstDay: '2026-11-01', dropColumnWidth: '112', dropDayCount: '30' },
      getBoundingClientRect: () => ({ left: 200 }),
    } as unknown as HTMLElement;
    expect(dayAt(track, 200)).toBe('2026-11-01');
    expect(dayAt(track, 200 + 112 * 24 + 111)).toBe('2026-11-25');
    expect(dayAt(track, 200 + 112 * 30)).toBeNull();
    expect(dayAt(track, 199)).toBeNull();
  });
});
