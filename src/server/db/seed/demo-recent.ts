/**
 * The demo's work of the last four weeks: quotes awaiting the customer (inspection, repair and
 * replacement), priced repairs not yet quoted, and approved repairs ready to schedule, so Home's
 * Follow Up Jobs, Open Deficiencies, Jobs Ready to Schedule and Total Submitted Quotes count
 * something on the day the demo is seeded (the older jobs' quote links have all run out).
 *
 * It draws from its own random stream and its jobs are numbered after the others, so the rest of
 * the demo data (which the E2E specs read) is exactly what it was before this part existed.
 */
import { addDays, dateInZone, zonedDateTimeToInstant } from '../../../domain/dates.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import { QUOTE_TOKEN_BYTES, QUOTE_TOKEN_DAYS, quoteNumberFor } from '../../../domain/quotes.js';
import type { QuoteType } from '../../../domain/quote-templates.js';
import type * as schema from '../schema.js';
import {
  buildInspection,
  buildJob,
  buildRepair,
  type JobInsert,
  type QuoteInsert,
  type UnitInsert,
  type LocationInsert,
} from './builders/builders.js';
import { createRandom } from './builders/random.js';

export const DEMO_RECENT_SEED = 20_261_127;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What the customer has been asked and answered, per job. */
type Stage = { kind: 'awaiting'; quoteType: Exclude<QuoteType, 'other'> } | { kind: 'unquoted' } | { kind: 'approved' };

/**
 * The jobs, oldest first: the days before the seeding day each was created, and its stage. Four
 * fall in the last week, so "Last Week" counts something too; a quote is sent the day after its
 * job was created, at most 23 days before the seeding day, so its 30-day link is live all that day
 * and a week more.
 */
const PLAN: [daysAgo: number, stage: Stage][] = [
  [24, { kind: 'approved' }],
  [22, { kind: 'awaiting', quoteType: 'inspection' }],
  [20, { kind: 'awaiting', quoteType: 'repair' }],
  [18, { kind: 'unquoted' }],
  [17, { kind: 'awaiting', quoteType: 'replacement' }],
  [15, { kind: 'approved' }],
  [13, { kind: 'awaiting', quoteType: 'repair' }],
  [11, { kind: 'awaiting', quoteType: 'inspection' }],
  [9, { kind: 'unquoted' }],
  [8, { kind: 'awaiting', quoteType: 'replacement' }],
  [6, { kind: 'approved' }],
  [5, { kind: 'awaiting', quoteType: 'repair' }],
  [4, { kind: 'awaiting', quoteType: 'inspection' }],
  [3, { kind: 'unquoted' }],
];

const REPLACEMENT_OPTIONS = {
  phase1Description: 'Like-for-like replacement unit',
  phase2Description: 'High-efficiency replacement unit',
  phase3Description: 'High-efficiency unit with economizer and smart controls',
};

export interface RecentWorkInput {
  /** the seeding day (YYYY-MM-DD, company zone) and its midnight */
  today: string;
  anchor: Date;
  timeZone: string;
  units: UnitInsert[];
  locations: LocationInsert[];
  technicianIds: string[];
  /** who sends the quotes (the office user) */
  senderId: string;
  /** the first free job number */
  firstNumber: number;
}

export interface RecentWork {
  jobs: JobInsert[];
  jobTechs: { jobId: string; technicianId: string; isPrimary: boolean }[];
  inspections: (typeof schema.jobInspections.$inferInsert)[];
  repairs: (typeof schema.jobRepairs.$inferInsert)[];
  repairLines: (typeof schema.jobRepairLines.$inferInsert)[];
  quotes: QuoteInsert[];
  nextNumber: number;
}

export function buildRecentWork(input: RecentWorkInput): RecentWork {
  const rng = createRandom(DEMO_RECENT_SEED);
  const { anchor, timeZone } = input;
  // Nothing is placed after the seeding day's midnight: the data set is the same all day long.
  const before = (instant: number, hoursBeforeMidnight: number) =>
    new Date(Math.min(instant, anchor.getTime() - hoursBeforeMidnight * HOUR_MS));
  const activeUnits = input.units.filter((u) => u.status === 'active');
  const work: RecentWork = {
    jobs: [],
    jobTechs: [],
    inspections: [],
    repairs: [],
    repairLines: [],
    quotes: [],
    nextNumber: input.firstNumber,
  };

  for (const [daysAgo, stage] of PLAN) {
    const unit = rng.pick(activeUnits);
    const location = input.locations.find((l) => l.id === unit.locationId)!;
    const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const createdAt = zonedDateTimeToInstant(addDays(input.today, -daysAgo), hour(rng.int(8, 11)), timeZone);
    // The technician's visit the next working hours (the inspection and its priced repair record),
    // and the office's quote a few hours later.
    const visitedAt = before(
      zonedDateTimeToInstant(addDays(input.today, 1 - daysAgo), hour(rng.int(9, 14)), timeZone).getTime(),
      4,
    );
    const sentAt = before(visitedAt.getTime() + rng.int(2, 4) * HOUR_MS, 2);
    const decidedAt = stage.kind === 'approved' ? before(sentAt.getTime() + rng.int(20, 60) * HOUR_MS, 1) : null;
    const inspectionJob = stage.kind === 'awaiting' && stage.quoteType === 'inspection';
    const replacement = stage.kind === 'awaiting' && stage.quoteType === 'replacement';
    const start = dateInZone(createdAt, timeZone);
    const id = rng.uuid();
    const number = work.nextNumber++;
    const contactEmail = unit.primaryContactEmail ?? 'facilities@example.com';
    // An inspection job is done with the visit; the others wait, open and unscheduled, for the
    // customer's answer and then for the repair visit to be booked.
    const completed = inspectionJob;
    const updatedAt = decidedAt ?? (stage.kind === 'unquoted' ? visitedAt : sentAt);
    work.jobs.push(
      buildJob(
        rng,
        { locationId: location.id!, unitId: unit.id! },
        {
          id,
          number,
          name: inspectionJob
            ? `Equipment inspection - ${unit.unitNumber}`
            : replacement
              ? `Replacement proposal - ${unit.unitNumber}`
              : `Repair ${rng.pick(['compressor', 'condenser fan motor', 'blower motor', 'economizer', 'refrigerant leak'])} - ${unit.unitNumber}`,
          type: inspectionJob ? 'INSP' : 'SC',
          status: completed ? 'completed' : 'unscheduled',
          serviceLine: inspectionJob ? 'INSP' : 'HVACGEN',
          description: inspectionJob
            ? 'Inspect the equipment and price the repairs it needs.'
            : 'Diagnose and repair the reported problem.',
          timePeriodStart: start,
          timePeriodDue: addDays(start, rng.int(21, 35)),
          scheduleStart: completed ? visitedAt : null,
          scheduleDuration: 120,
          office: rng.bool(0.8) ? 'Main Office' : 'Branch Office',
          serviceContract: rng.weighted([
            ['Standard', 50],
            ['Management', 15],
            ['Owner', 10],
            ['Non-Contract', 25],
          ] as const),
          contactEmail,
          completedAt: completed ? new Date(visitedAt.getTime() + 2 * HOUR_MS) : null,
          createdAt,
          updatedAt,
        },
      ),
    );
    work.jobTechs.push({ jobId: id, technicianId: rng.pick(input.technicianIds), isPrimary: true });

    const inspected = (inspectionJob || replacement) && rng.bool(0.4) ? 2 : 1;
    let totalCents = 0;
    const chosen: { inspectionId: string; phase: string }[] = [];
    for (let k = 0; k < inspected; k++) {
      // A unit proposed for replacement is an old one.
      const age = replacement ? { age: rng.int(16, 24) } : {};
      const inspection = buildInspection(rng, id, {
        completed: true,
        ...age,
        createdAt: visitedAt,
        updatedAt: visitedAt,
      });
      work.inspections.push(inspection);
      const { repair, lines } = buildRepair(
        rng,
        { jobId: id, inspectionId: inspection.id! },
        { ...(replacement ? REPLACEMENT_OPTIONS : {}), createdAt: visitedAt, updatedAt: visitedAt },
      );
      work.repairs.push(repair);
      work.repairLines.push(...lines);
      totalCents += toCents(repair.totalCost);
      chosen.push({ inspectionId: inspection.id!, phase: repair.selectedPhase! });
    }

    if (stage.kind === 'unquoted') continue;
    const quoteType = stage.kind === 'approved' ? 'repair' : stage.quoteType;
    // As the send records it (quoteSummary, decision 031): the chosen repair options (these jobs
    // have no items); the inspection fee is what declining costs, never the amount.
    const amountCents = totalCents;
    const token = Array.from({ length: QUOTE_TOKEN_BYTES * 2 }, () => rng.int(0, 15).toString(16)).join('');
    const quoteNumber = quoteNumberFor(number, rng.next());
    work.quotes.push({
      id: rng.uuid(),
      jobId: id,
      quoteNumber,
      quoteType,
      amount: centsToDecimal(amountCents),
      token,
      expiresAt: new Date(sentAt.getTime() + QUOTE_TOKEN_DAYS * DAY_MS),
      status: decidedAt ? 'approved' : 'sent',
      email: contactEmail,
      sentBy: input.senderId,
      sentAt,
      createdAt: sentAt,
      decidedAt,
      ...(decidedAt ? { signerName: work.jobs[work.jobs.length - 1]!.contactName ?? null, chosenOptions: chosen } : {}),
    });
  }
  return work;
}
