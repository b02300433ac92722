import { describe, expect, it } from 'vitest';
import {
  assignTechniciansInput,
  calendarQuery,
  canComplete,
  createJobInput,
  durationChoices,
  formatDurationHm,
  hasServiceContract,
  isOnDurationGrid,
  itemTotalCents,
  itemTotalsByType,
  jobCostTotalCents,
  jobDeleteRefusal,
  jobItemInput,
  jobListQuery,
  parseDurationHm,
  partUnitPriceCents,
  presetInput,
  statusFromSchedule,
  technicianRows,
  updateJobItemInput,
} from './index.js';

const LOCATION = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const TECH_A = '11111111-1111-4111-8111-111111111111';
const TECH_B = '22222222-2222-4222-8222-222222222222';

const issues = (
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const validJob = {
  locationId: LOCATION,
  serviceAddress: '1 Main St',
  serviceCity: 'Atlanta',
  serviceState: 'ga',
  serviceZip: '30303',
  contactType: 'primary',
  serviceLine: 'HVACGEN',
  name: 'Spring PM',
  description: 'Quarterly maintenance',
  timePeriodStart: '2026-03-02',
  timePeriodDue: '2026-03-06',
};

describe('job status from the schedule', () => {
  it.each([
    ['2026-03-02', '09:00', 'scheduled'],
    ['2026-03-02', null, 'unscheduled'],
    [null, '09:00', 'unscheduled'],
    [null, null, 'unscheduled'],
    ['', '', 'unscheduled'],
  ] as const)('date %s and time %s -> %s', (date, time, status) => {
    expect(statusFromSchedule(date, time)).toBe(status);
  });
});

describe('durations', () => {
  it('offers 1:00 to 4:00 in 30-minute steps', () => {
    expect(durationChoices().map(formatDurationHm)).toEqual(['1:00', '1:30', '2:00', '2:30', '3:00', '3:30', '4:00']);
  });
  it.each([
    [30, '0:30'],
    [60, '1:00'],
    [90, '1:30'],
    [240, '4:00'],
    [1440, '24:00'],
  ])('%i minutes is %s and back', (minutes, text) => {
    expect(formatDurationHm(minutes)).toBe(text);
    expect(parseDurationHm(text)).toBe(minutes);
  });
  it('knows the grid', () => {
    expect([30, 60, 90, 1440].every(isOnDurationGrid)).toBe(true);
    expect([45, 61, 1.5].some(isOnDurationGrid)).toBe(false);
    expect(parseDurationHm('1:5')).toBeNull();
  });
});

describe('item totals and the job cost', () => {
  it.each([
    [1, 23_000, 23_000],
    [3, 12_550, 37_650],
    [2, 0, 0],
    [10, 1, 10],
  ])('%i x %i cents = %i', (quantity, unit, total) => {
    expect(itemTotalCents(quantity, unit)).toBe(total);
  });
  // Issue 27: labor is billed in quarter hours, so a fractional quantity is priced (it used to be
  // refused: the defect); a fraction of a cent in the unit cost is still refused.
  it('prices fractional hours to the cent, refuses fractional cents', () => {
    expect(itemTotalCents(1.5, 9500)).toBe(14250);
    expect(itemTotalCents(0.25, 9999)).toBe(2500);
    expect(() => itemTotalCents(1, 100.5)).toThrow(RangeError);
  });
  it('sums the items, per type and in all', () => {
    const items = [
      { type: 'part' as const, totalCents: 23_000 },
      { type: 'labor' as const, totalCents: 12_000 },
      { type: 'item' as const, totalCents: 18_000 },
      { type: 'part' as const, totalCents: 500 },
    ];
    expect(jobCostTotalCents(items)).toBe(53_500);
    expect(itemTotalsByType(items)).toEqual({ part: 23_500, labor: 12_000, item: 18_000, all: 53_500 });
    expect(jobCostTotalCents([])).toBe(0);
  });
});

describe('the part unit price on a job', () => {
  // The spec's part: base $170.00 -> non-contract $230 (229.50 rounded), PM contract $207.
  const part = { flatRateNonContractCents: 23_000, flatRatePmContractCents: 20_700 };
  it.each([
    ['Standard', 20_700],
    ['Sales', 20_700],
    ['Non-Contract', 23_000],
    [null, 23_000],
    ['', 23_000],
  ])('service contract %s -> %i cents', (contract, cents) => {
    expect(partUnitPriceCents(part, contract)).toBe(cents);
    expect(hasServiceContract(contract)).toBe(cents === 20_700);
  });
});

describe('technicians and transitions', () => {
  it('makes the first technician primary', () => {
    expect(technicianRows([TECH_A, TECH_B])).toEqual([
      { technicianId: TECH_A, isPrimary: true },
      { technicianId: TECH_B, isPrimary: false },
    ]);
  });
  it('completes only open jobs', () => {
    expect(canComplete('scheduled')).toBe(true);
    expect(canComplete('unscheduled')).toBe(true);
    expect(canComplete('completed')).toBe(false);
    expect(canComplete('cancelled')).toBe(false);
  });
  it('says why a job cannot be deleted', () => {
    expect(jobDeleteRefusal({ quoteAnswered: false, nonDraftInvoices: 0 })).toBeNull();
    expect(jobDeleteRefusal({ quoteAnswered: true, nonDraftInvoices: 0 })).toContain(
      'the customer has answered its quote',
    );
    expect(jobDeleteRefusal({ quoteAnswered: false, nonDraftInvoices: 2 })).toContain(
      '2 invoices that are no longer drafts',
    );
    expect(jobDeleteRefusal({ quoteAnswered: true, nonDraftInvoices: 1 })).toMatch(
      /quote and it has an invoice .*Cancel the job instead/,
    );
  });
});

describe('Create Job input', () => {
  it('applies the defaults', () => {
    const job = createJobInput.parse(validJob);
    expect(job).toMatchObject({
      type: 'PM',
      serviceState: 'GA',
      isTraining: false,
      serviceContract: null,
      scheduleDate: null,
      scheduleTime: null,
      scheduleDuration: 60,
      technicianIds: [],
      office: 'Main Office',
      tags: [],
      subcontracted: false,
      unitId: null,
      companyId: null,
    });
    expect(job).not.toHaveProperty('nonContract');
  });

  it('gives every required-field message of the spec', () => {
    expect(issues(createJobInput, { contactType: '' })).toEqual([
      'locationId: Service location is required',
      'serviceAddress: Service address is required',
      'serviceCity: Service city is required',
      'serviceState: Service state is required',
      'serviceZip: Service zip is required',
      'contactType: Contact type is required',
      'serviceLine: Service line is required',
      'name: Job name is required',
      'description: Description is required',
      'timePeriodStart: Start date is required',
      'timePeriodDue: Due date is required',
    ]);
  });

  it('checks the state length, the dates, the schedule time and the duration grid', () => {
    expect(issues(createJobInput, { ...validJob, serviceState: 'GAA' })).toEqual([
      'serviceState: Service state must be at most 2 characters',
    ]);
    expect(issues(createJobInput, { ...validJob, timePeriodDue: '2026-03-01' })).toEqual([
      'timePeriodDue: Due date must be on or after the start date',
    ]);
    expect(issues(createJobInput, { ...validJob, timePeriodStart: '2026-02-30' })).toEqual([
      'timePeriodStart: Start date must be a valid date (YYYY-MM-DD)',
    ]);
    expect(issues(createJobInput, { ...validJob, scheduleTime: '25:00' })).toEqual([
      'scheduleTime: Schedule time must be HH:MM',
    ]);
    expect(issues(createJobInput, { ...validJob, scheduleDuration: 45 })).toEqual([
      'scheduleDuration: Duration must be in 30-minute steps',
    ]);
    expect(issues(createJobInput, { ...validJob, scheduleDuration: 0 })).toEqual([
      'scheduleDuration: Duration must be between 0:30 and 24:00',
    ]);
    expect(issues(createJobInput, { ...validJob, scheduleDuration: 1470 })).toEqual([
      'scheduleDuration: Duration must be between 0:30 and 24:00',
    ]);
    expect(issues(createJobInput, { ...validJob, contactType: 'boss' })).toEqual([
      'contactType: Contact type is required',
    ]);
    expect(issues(createJobInput, { ...validJob, technicianIds: [TECH_A, TECH_A] })).toEqual([
      'technicianIds: A technician is chosen twice',
    ]);
  });

  it('forces Non-Contract with the toggle', () => {
    expect(createJobInput.parse({ ...validJob, serviceContract: 'Owner' }).serviceContract).toBe('Owner');
    expect(createJobInput.parse({ ...validJob, serviceContract: 'Owner', nonContract: true }).serviceContract).toBe(
      'Non-Contract',
    );
    expect(issues(createJobInput, { ...validJob, serviceContract: 'Gold' })[0]).toMatch(
      /^serviceContract: Service contract must be/,
    );
  });
});

describe('items, technicians, presets', () => {
  it('requires code, and for labor and items a name and a price above 0', () => {
    expect(issues(jobItemInput, { type: 'labor' })).toEqual([
      'code: Code is required',
      'name: Name is required',
      'unitPrice: Unit price is required',
    ]);
    expect(issues(jobItemInput, { type: 'item', code: 'X', name: 'Filter', unitPrice: 0 })).toEqual([
      'unitPrice: Unit price must be greater than 0',
    ]);
    expect(issues(jobItemInput, { type: 'part', code: 'P-1', unitPrice: 0 })).toEqual([]);
    expect(issues(jobItemInput, { type: 'part', code: 'P-1', unitPrice: 1.005 })).toEqual([
      'unitPrice: Unit price must be in steps of 0.01',
    ]);
    expect(issues(jobItemInput, { type: 'part', code: 'P-1', unitPrice: -1 })).toEqual([
      'unitPrice: Unit price must be at least 0',
    ]);
    expect(issues(jobItemInput, { type: 'part', code: 'P-1', unitPrice: 5, quantity: 0 })).toEqual([
      'quantity: Quantity must be greater than 0',
    ]);
    expect(issues(jobItemInput, { type: 'part', code: 'P-1', unitPrice: 5, quantity: 1.5 })).toEqual([
      'quantity: Quantity must be a whole number',
    ]);
    expect(issues(jobItemInput, { type: 'fee', code: 'P-1', unitPrice: 5 })).toEqual([
      'type: Item type must be part, labor or item',
    ]);
  });
  it('lets a price-book line leave code, name and price to the server', () => {
    expect(jobItemInput.parse({ type: 'part', priceBookItemId: TECH_A })).toMatchObject({
      code: null,
      name: null,
      unitPrice: null,
      quantity: 1,
    });
  });
  it('edits quantity and unit price', () => {
    expect(issues(updateJobItemInput, { quantity: 0, unitPrice: 1 })).toEqual([
      'quantity: Quantity must be greater than 0',
    ]);
    expect(updateJobItemInput.parse({ quantity: 2, unitPrice: 12.5 })).toEqual({ quantity: 2, unitPrice: 12.5 });
  });
  it('needs at least one technician', () => {
    expect(issues(assignTechniciansInput, { technicianIds: [] })).toEqual([
      'technicianIds: Select at least one technician',
    ]);
    expect(issues(assignTechniciansInput, {})).toEqual(['technicianIds: Select at least one technician']);
  });
  it('needs a preset name', () => {
    expect(issues(presetInput, { name: ' ', data: {} })).toEqual(['name: Preset name is required']);
    expect(presetInput.parse({ name: 'PM', data: { type: 'PM', technicianIds: [TECH_A] } }).data.technicianIds).toEqual(
      [TECH_A],
    );
  });
});

describe('list and calendar queries', () => {
  it('has defaults and checks each filter', () => {
    expect(jobListQuery.parse({})).toMatchObject({
      page: 1,
      pageSize: 25,
      sort: 'created',
      dir: 'desc',
      dateField: 'due',
    });
    expect(jobListQuery.parse({ technicianId: 'unassigned', queue: 'overdue', pageSize: '50' })).toMatchObject({
      technicianId: 'unassigned',
      queue: 'overdue',
      pageSize: 50,
    });
    expect(issues(jobListQuery, { pageSize: '30' })).toEqual(['pageSize: Page size must be 25, 50 or 100']);
    expect(issues(jobListQuery, { status: 'open' })).toEqual([
      'status: Status must be scheduled, unscheduled, completed or cancelled',
    ]);
    expect(issues(jobListQuery, { technicianId: 'bob' })).toEqual([
      "technicianId: Technician must be a technician id or 'unassigned'",
    ]);
    expect(issues(jobListQuery, { from: '2026-02-02', to: '2026-02-01' })).toEqual([
      "to: 'To' must be on or after 'From'",
    ]);
    expect(issues(jobListQuery, { queue: 'nope' })).toEqual(['queue: Unknown queue']);
  });
  it('limits the calendar to 62 days', () => {
    expect(issues(calendarQuery, { from: '2026-03-01', to: '2026-05-01' })).toEqual([]);
    expect(issues(calendarQuery, { from: '2026-03-01', to: '2026-05-02' })).toEqual([
      'to: The calendar range must be at most 62 days',
    ]);
    expect(issues(calendarQuery, { from: '2026-03-02', to: '2026-03-01' })).toEqual([
      "to: 'to' must be on or after 'from'",
    ]);
  });
});
