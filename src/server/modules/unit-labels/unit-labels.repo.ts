import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, jobs, locations, units } from '../../db/schema.js';
import { COUNT_ROWS, from, selection, selectRow, selectRows, tableAlias, type RowOf } from '../../db/sql.js';
import { technicianAssigned } from '../jobs/index.js';

const u = tableAlias(units, 'u');
const l = tableAlias(locations, 'l');
const c = tableAlias(companies, 'c');
const j = tableAlias(jobs, 'j');

const LABEL_UNIT = selection({
  id: u.id,
  unitNumber: u.unitNumber,
  locationId: l.id,
  locationName: l.name,
  companyName: c.name,
});
export type LabelUnitRow = RowOf<typeof LABEL_UNIT.fields>;

const COMPANY = selection({ id: c.id, name: c.name });
const LOCATION = selection({ id: l.id, name: l.name, companyId: l.companyId });
const OPEN_JOB = selection({ id: j.id, number: j.number, name: j.name });

const unitWithPlace = sql`${from(u)} join ${from(l)} on ${l.id} = ${u.locationId} join ${from(c)} on ${c.id} = ${l.companyId}`;

/** Reads for the labels and the codes (units, locations, companies, jobs); writes nothing. */
export function createUnitLabelsRepo(db: Executor) {
  return {
    async unit(id: string): Promise<LabelUnitRow | null> {
      return selectRow(db, LABEL_UNIT, sql`select ${LABEL_UNIT} from ${unitWithPlace} where ${u.id} = ${id}::uuid`);
    },

    /**
     * The units whose id lies in [low, high]: a range of the primary key (a code is the id's
     * first 12 hex digits). At most 2, enough to tell one from several.
     */
    async unitsInRange(low: string, high: string): Promise<LabelUnitRow[]> {
      return selectRows(
        db,
        LABEL_UNIT,
        sql`select ${LABEL_UNIT} from ${unitWithPlace}
            where ${u.id} between ${low}::uuid and ${high}::uuid order by ${u.id} limit 2`,
      );
    },

    async company(id: string) {
      return selectRow(db, COMPANY, sql`select ${COMPANY} from ${from(c)} where ${c.id} = ${id}::uuid`);
    },

    async location(id: string) {
      return selectRow(db, LOCATION, sql`select ${LOCATION} from ${from(l)} where ${l.id} = ${id}::uuid`);
    },

    /** How many units the company (or one of its locations) has. */
    async countUnits(companyId: string, locationId?: string): Promise<number> {
      const row = await selectRow(
        db,
        COUNT_ROWS,
        sql`select ${COUNT_ROWS} from ${from(l)} join ${from(u)} on ${u.locationId} = ${l.id}
            where ${l.companyId} = ${companyId}::uuid
            ${locationId ? sql`and ${l.id} = ${locationId}::uuid` : sql``}`,
      );
      return row?.n ?? 0;
    },

    /**
     * The company's units (or one location's) by location name, then unit number: one statement
     * through locations_company_name_idx and units_location_unit_number_idx; the caller bounds
     * the count first.
     */
    async companyUnits(companyId: string, locationId?: string): Promise<LabelUnitRow[]> {
      return selectRows(
        db,
        LABEL_UNIT,
        sql`select ${LABEL_UNIT} from ${unitWithPlace}
            where ${l.companyId} = ${companyId}::uuid
            ${locationId ? sql`and ${l.id} = ${locationId}::uuid` : sql``}
            order by ${l.name}, ${l.id}, ${u.unitNumber}, ${u.id}`,
      );
    },

    /**
     * The technician's open job on the unit (not completed or cancelled), the next scheduled
     * first, then the unscheduled by number (jobs_unit_idx; the assignment through
     * job_technicians' unique index).
     */
    async openJobOf(unitId: string, technicianId: string) {
      return selectRow(
        db,
        OPEN_JOB,
        sql`select ${OPEN_JOB} from ${from(j)}
            where ${j.unitId} = ${unitId}::uuid
              and ${j.status} not in ('completed', 'cancelled')
              and ${technicianAssigned(j.id, technicianId)}
            order by ${j.scheduleStart} asc nulls last, ${j.number} asc
            limit 1`,
      );
    },
  };
}
export type UnitLabelsRepo = ReturnType<typeof createUnitLabelsRepo>;
