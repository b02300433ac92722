/**
 * The migration that moves accessories and additional items out of JSON into job_repair_lines:
 * a database migrated up to the step before it gets repair records with JSON lists (well formed,
 * odd and broken), then the remaining migrations run and the rows must be there, costs in
 * numeric(12,2).
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { jobRepairLines } from '../../src/server/db/schema.js';
import { createFactories } from '../factories/index.js';
import { oldCompany, openDatabaseMigratedTo } from '../support/migrated-to.js';

const LAST_BEFORE_MOVE = '0009_inspection-photos-repair-lines';

let handle: DatabaseHandle;
let cleanup: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ handle, cleanup } = await openDatabaseMigratedTo(LAST_BEFORE_MOVE));
}, 120_000);

afterAll(async () => {
  await cleanup?.();
});

describe('moving repair lists out of JSON', () => {
  it('turns every JSON row into a numeric row in order, keeps money, drops empty rows', async () => {
    const db = handle.db;
    const f = createFactories(db);
    // The job is inserted by hand: the factory writes today's jobs columns, which the older schema lacks.
    const location = await f.location({ companyId: (await oldCompany(db)).id });
    const unit = await f.unit({ locationId: location.id });
    const [job] = await queryRows<{ id: string }>(
      db,
      sql`insert into jobs (name, type, location_id, unit_id, service_line, description, time_period_start, time_period_due)
          values ('Migration job', 'PM', ${unit.locationId}, ${unit.id}, 'HVACGEN', 'Before the move', '2026-01-05', '2026-01-05') returning id`,
    );
    const insertRepair = async (accessories: unknown, additionalItems: unknown) => {
      const inspection = await f.inspection(job!.id);
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into job_repairs (job_id, inspection_id, accessories, additional_items)
            values (${job!.id}, ${inspection.id}, ${JSON.stringify(accessories)}::jsonb, ${JSON.stringify(additionalItems)}::jsonb) returning id`,
      );
      return row!.id;
    };
    const wellFormed = await insertRepair(
      [
        { name: 'Curb adapter', cost: 850 },
        { name: 'Hail guard', cost: 125.5 },
      ],
      [{ name: 'Crane rental', cost: 1800 }],
    );
    const odd = await insertRepair(
      [
        { name: '', cost: 0 }, // the form's empty first row
        { name: '  Economizer ', cost: '1,200' }, // not a number: 0, as the form's rule says
        { name: 'Filter rack', cost: '45.678' }, // text that is a number: rounded to the cent
        { name: '', cost: 60 }, // money without a name keeps its money
        'not an object',
        { name: 'Refund', cost: -20 },
      ],
      { not: 'a list' },
    );
    const empty = await insertRepair([], []);

    await migrateDatabase(handle);

    const lines = await db
      .select()
      .from(jobRepairLines)
      .orderBy(asc(jobRepairLines.repairId), asc(jobRepairLines.kind), asc(jobRepairLines.position));
    const of = (repairId: string) =>
      lines.filter((l) => l.repairId === repairId).map((l) => [l.kind, l.position, l.name, l.cost]);
    expect(of(wellFormed)).toEqual([
      ['accessory', 0, 'Curb adapter', '850.00'],
      ['accessory', 1, 'Hail guard', '125.50'],
      ['additional', 0, 'Crane rental', '1800.00'],
    ]);
    expect(of(odd)).toEqual([
      ['accessory', 0, 'Economizer', '0.00'],
      ['accessory', 1, 'Filter rack', '45.68'],
      ['accessory', 2, 'Accessory', '60.00'],
      ['accessory', 3, 'Refund', '0.00'],
    ]);
    expect(of(empty)).toEqual([]);
    // The JSON columns are gone.
    const [columns] = await queryRows<{ n: string }>(
      db,
      sql`select count(*) as n from information_schema.columns where table_name = 'job_repairs' and column_name in ('accessories', 'additional_items')`,
    );
    expect(Number(columns!.n)).toBe(0);
  });
});
