/**
 * The field rules without zod (decision 020: nothing on a first screen's path pulls zod in): the
 * messages, limits, time events and the timesheet, checklists and the merge rule of the
 * technician's day (issue 30, decision 045). `field.ts` adds the payload schemas and re-exports these.
 */
import { addDays, dateInZone } from './dates.js';

export const FIELD_MESSAGES = {
  jobNotFound: 'Job not found',
  invalidJobId: 'Invalid job ID format',
  notYourJob: 'You can record field work only on jobs assigned to you',
  conflictNotFound: 'Conflict not found',
  conflictResolved: 'This conflict was already resolved',
  keyReused: 'This Idempotency-Key was already used for another change',
  invalidKey: 'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores',
  deviceTimeFuture: 'The device time is more than a day ahead of the server',
  deviceTimeOld: 'The device time is more than 30 days old',
  noteRequired: 'Note is required',
  noteTooLong: 'Note must be at most 4000 characters',
  signerRequired: "The customer's name is required",
  signatureNotPng: 'The signature must be a PNG image',
  signatureTooLarge: 'The signature must be at most 200 KB',
  signatureTooBig: 'The signature must be at most 2000 x 1000 pixels',
  photoNotImage: 'The photo must be a JPEG, PNG or WebP image',
  photoTooLarge: 'The photo must be at most 3 MB',
  photoTooBig: 'The photo must be at most 6000 x 6000 pixels',
  unknownChecklistItem: 'This item is not on the job’s checklist',
  baseMissing: 'Each changed field needs the value the phone saw',
  nothingChanged: 'Change at least one field',
  jobClosed: 'This job is closed: its contact and problem can no longer change',
} as const;

/** How many days My Day and the bundle cover by default: today and the next two. */
export const FIELD_DAYS = 3;
export const FIELD_LIMITS = {
  maxDays: 7,
  noteMax: 4000,
  signatureMaxBytes: 200 * 1024,
  signatureMaxWidth: 2000,
  signatureMaxHeight: 1000,
  /** How far back a device time may be (a phone offline for a long weekend and more). */
  maxDeviceAgeDays: 30,
  /** How far ahead a device's clock may run. */
  maxDeviceAheadMs: 24 * 60 * 60 * 1000,
  priceBookMax: 2000,
  /** A photo as the phone sends it (resized there to 1600 px), and the size kept. */
  photoMaxBytes: 3 * 1024 * 1024,
  photoMaxEdge: 6000,
  photoKeptEdge: 1600,
  /** The phone resizes to this longest edge before sending. */
  photoPhoneEdge: 1600,
} as const;

// Time events

export const TIME_EVENT_KINDS = ['travel_started', 'arrived', 'work_started', 'work_finished'] as const;
export type TimeEventKind = (typeof TIME_EVENT_KINDS)[number];

/** The instant a timesheet counts: the device's time, unless its clock ran ahead of the server. */
export function effectiveAt(event: { deviceAt: string; serverAt: string }): string {
  return Date.parse(event.deviceAt) <= Date.parse(event.serverAt) ? event.deviceAt : event.serverAt;
}

/** Is this device time acceptable (not more than a day ahead, not more than 30 days old)? */
export function deviceTimeRefusal(device: string, server: Date): string | null {
  const at = Date.parse(device);
  if (at - server.getTime() > FIELD_LIMITS.maxDeviceAheadMs) return FIELD_MESSAGES.deviceTimeFuture;
  if (server.getTime() - at > FIELD_LIMITS.maxDeviceAgeDays * 24 * 60 * 60 * 1000) return FIELD_MESSAGES.deviceTimeOld;
  return null;
}

/** The button a technician most likely presses next, after the latest event (by device time). */
export function nextTimeEvent(events: readonly { kind: TimeEventKind; deviceAt: string }[]): TimeEventKind {
  const last = [...events].sort((a, b) => Date.parse(a.deviceAt) - Date.parse(b.deviceAt)).at(-1);
  if (!last || last.kind === 'work_finished') return 'travel_started';
  return TIME_EVENT_KINDS[TIME_EVENT_KINDS.indexOf(last.kind) + 1]!;
}

export interface TimesheetDay {
  date: string;
  userId: string;
  userName: string;
  travelMinutes: number;
  onSiteMinutes: number;
  workMinutes: number;
}

/**
 * A job's timesheet per technician and day (the company's zone): travel is from Start Travel to
 * Arrive, on site from Arrive to Finish, work from Start Work to Finish. Each technician's events
 * are read in time order; an interval still open (no Arrive yet) counts nothing, and a repeated
 * start restarts its interval (a return visit is a new cycle). The day is the interval's start.
 */
export function timesheet(
  events: readonly { kind: TimeEventKind; deviceAt: string; serverAt: string; userId: string; userName: string }[],
  timeZone: string,
): TimesheetDay[] {
  const days = new Map<string, TimesheetDay>();
  const byUser = new Map<string, typeof events>();
  for (const e of events) byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e]);
  for (const [userId, list] of byUser) {
    const sorted = [...list].sort((a, b) => Date.parse(effectiveAt(a)) - Date.parse(effectiveAt(b)));
    const open: Partial<Record<'travel' | 'onSite' | 'work', number>> = {};
    const add = (kind: 'travelMinutes' | 'onSiteMinutes' | 'workMinutes', from: number, to: number) => {
      const date = dateInZone(new Date(from), timeZone);
      const key = `${date}|${userId}`;
      const day = days.get(key) ?? {
        date,
        userId,
        userName: list[0]!.userName,
        travelMinutes: 0,
        onSiteMinutes: 0,
        workMinutes: 0,
      };
      day[kind] += Math.max(0, Math.round((to - from) / 60_000));
      days.set(key, day);
    };
    for (const e of sorted) {
      const at = Date.parse(effectiveAt(e));
      if (e.kind === 'travel_started') open.travel = at;
      if (e.kind === 'arrived') {
        if (open.travel !== undefined) add('travelMinutes', open.travel, at);
        delete open.travel;
        open.onSite = at;
      }
      if (e.kind === 'work_started') open.work = at;
      if (e.kind === 'work_finished') {
        if (open.work !== undefined) add('workMinutes', open.work, at);
        if (open.onSite !== undefined) add('onSiteMinutes', open.onSite, at);
        delete open.work;
        delete open.onSite;
      }
    }
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date) || a.userName.localeCompare(b.userName));
}

// Checklists

/** Each job type's checklist (the office does not edit them yet: decision 045). */
const CHECKLISTS: Record<string, readonly string[]> = {
  PM: [
    'Replace air filters',
    'Check belts and pulleys',
    'Clean condenser coil',
    'Check refrigerant pressures',
    'Check electrical connections',
    'Test thermostat and controls',
  ],
  SC: ['Confirm the reported problem', 'Find the cause', 'Make the repair or quote it', 'Test the unit running'],
  INSP: ['Record model and serial', 'Inspect coils and filters', 'Check refrigerant pressures', 'Take photos'],
  INST: ['Check the delivered equipment', 'Set and connect the unit', 'Start up and test', 'Walk the customer through'],
  REP: ['Confirm the approved repair', 'Make the repair', 'Test the unit running'],
};
const DEFAULT_CHECKLIST = ['Confirm the work with the customer', 'Do the work', 'Test and clean up'];

export function checklistFor(jobType: string): readonly string[] {
  return CHECKLISTS[jobType] ?? DEFAULT_CHECKLIST;
}

// Changes to the job itself, merged field by field

/** The job's values a technician may change in the field (what they find on site). */
export const FIELD_EDITABLE = ['contactName', 'contactPhone', 'problemDescription'] as const;
export type FieldEditable = (typeof FIELD_EDITABLE)[number];
export type FieldValues = Record<FieldEditable, string | null>;
export const FIELD_LABELS: Record<FieldEditable, string> = {
  contactName: 'Contact name',
  contactPhone: 'Contact phone',
  problemDescription: 'Problem description',
};

export interface FieldConflictDraft {
  field: FieldEditable;
  base: string | null;
  office: string | null;
  technician: string | null;
}

/**
 * The merge rule. For each field the phone changed: if the server still holds the value the phone
 * saw (`base`), the office did not touch it and the phone's value is applied; if the server's
 * value already equals the phone's, there is nothing to do; otherwise both sides changed it
 * differently: a conflict (the office's value stays until someone picks), never a silent loss.
 */
export function mergeFieldChanges(
  base: Partial<FieldValues>,
  current: FieldValues,
  incoming: Partial<FieldValues>,
): { apply: Partial<FieldValues>; conflicts: FieldConflictDraft[] } {
  const apply: Partial<FieldValues> = {};
  const conflicts: FieldConflictDraft[] = [];
  for (const field of FIELD_EDITABLE) {
    if (!(field in incoming)) continue;
    const mine = incoming[field] ?? null;
    const seen = base[field] ?? null;
    const now = current[field] ?? null;
    if (now === mine) continue;
    if (now === seen) apply[field] = mine;
    else conflicts.push({ field, base: seen, office: now, technician: mine });
  }
  return { apply, conflicts };
}

/** The dates My Day covers: today in the company's zone and the next days. */
export function fieldRange(now: Date, timeZone: string, days: number): { from: string; to: string } {
  const from = dateInZone(now, timeZone);
  return { from, to: addDays(from, days) };
}
