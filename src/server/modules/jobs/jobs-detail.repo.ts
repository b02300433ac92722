/** One job as its page shows it, the facts the writes check, and the choices of the job forms. */
import { isTechnicianAssigned } from './job-assignment.js';
import { quoteDecided } from '../../db/views.js';
import { isOfficeUser, isTechnicianUser } from '../../db/roles.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  JOB_CONTACT_TYPES,
  JOB_ITEM_TYPES,
  JOB_STATUSES,
  SERVICE_CONTRACT_VALUES,
  type JobDetail,
  type JobItem,
  type JobPreset,
  type JobTechnicianDetail,
  type PresetData,
} from '../../../domain/jobs/index.js';
import { toCents } from '../../../domain/money.js';
import { QUOTE_TYPES, type QuoteType } from '../../../domain/quote-templates.js';
import type { Executor } from '../../db/client.js';
import {
  jobInspections,
  jobItemPrices,
  jobItems,
  jobLaborPrices,
  jobPartPrices,
  jobPresets,
  jobTypes,
  locations,
  serviceLines,
  technicianTerritories,
  units,
} from '../../db/schema.js';
import { countOf, from, nullable, oneOfColumn, selectRow, selectRows, selection, type RowOf } from '../../db/sql.js';
import {
  assignment,
  company,
  creator,
  invoice,
  isoDate,
  item,
  job,
  jobType,
  latestQuote,
  location,
  person,
  personName,
  quote,
  quoteAnsweredNow,
  serviceLine,
  technician,
  unit,
} from './jobs-tables.repo.js';

/** The quote types of a decision, once each, in the product's order. */
const quoteTypesIn = (types: readonly string[] | null): QuoteType[] =>
  QUOTE_TYPES.filter((t) => (types ?? []).includes(t));

const DETAIL = selection({
  id: job.id,
  number: job.number,
  name: job.name,
  status: oneOfColumn(job.status, JOB_STATUSES),
  type: job.type,
  typeName: nullable(jobType.name),
  serviceLine: job.serviceLine,
  serviceLineName: nullable(serviceLine.name),
  description: job.description,
  problemDescription: job.problemDescription,
  customerPo: job.customerPo,
  isTraining: job.isTraining,
  serviceContract: oneOfColumn(job.serviceContract, SERVICE_CONTRACT_VALUES),
  office: job.office,
  contactName: job.contactName,
  contactPhone: job.contactPhone,
  contactEmail: job.contactEmail,
  contactType: oneOfColumn(job.contactType, JOB_CONTACT_TYPES),
  contactId: job.contactId,
  timePeriodStart: isoDate(job.timePeriodStart),
  timePeriodDue: isoDate(job.timePeriodDue),
  scheduleStart: job.scheduleStart,
  scheduleDuration: job.scheduleDuration,
  tags: job.tags,
  subcontracted: job.subcontracted,
  notes: job.notes,
  quoteSent: sql<boolean>`exists (select 1 from ${from(latestQuote)} where ${latestQuote.jobId} = ${job.id})`,
  quoteSentAt:
    sql<Date | null>`(select ${latestQuote.sentAt} from ${from(latestQuote)} where ${latestQuote.jobId} = ${job.id})`.mapWith(
      (v: string | Date | null) => (v === null ? null : new Date(v)),
    ),
  // A decision on one quote never hides another's (issue 26): the badges read all the job's quotes.
  quoteConfirmed: sql<boolean>`exists (select 1 from ${from(quote)} where ${quote.jobId} = ${job.id} and ${quoteDecided(quote.status)})`,
  quoteConfirmedAt:
    sql<Date | null>`(select max(${quote.decidedAt}) from ${from(quote)} where ${quote.jobId} = ${job.id} and ${quoteDecided(quote.status)})`.mapWith(
      (v: string | Date | null) => (v === null ? null : new Date(v)),
    ),
  repairApproved: sql<boolean | null>`(case
    when exists (select 1 from ${from(quote)} where ${quote.jobId} = ${job.id} and ${quote.status} = 'approved') then true
    when exists (select 1 from ${from(quote)} where ${quote.jobId} = ${job.id} and ${quote.status} = 'declined') then false end)`,
  approvedQuoteTypes: sql<
    string[]
  >`array(select distinct ${quote.quoteType}::text from ${from(quote)} where ${quote.jobId} = ${job.id} and ${quote.status} = 'approved')`,
  declinedQuoteTypes: sql<
    string[]
  >`array(select distinct ${quote.quoteType}::text from ${from(quote)} where ${quote.jobId} = ${job.id} and ${quote.status} = 'declined')`,
  completedAt: job.completedAt,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
  createdById: nullable(creator.id),
  createdByName: sql<string | null>`case when ${creator.id} is null then null else ${personName(creator)} end`,
  companyId: company.id,
  companyName: company.name,
  locationId: location.id,
  locationName: location.name,
  buildingName: location.buildingName,
  address: location.address,
  city: location.city,
  state: location.state,
  zip: location.zip,
  latitude: location.latitude,
  longitude: location.longitude,
  unitId: nullable(unit.id),
  unitNumber: nullable(unit.unitNumber),
  unitStatus: nullable(unit.status),
  primaryContactType: unit.primaryContactType,
  primaryContactEmail: unit.primaryContactEmail,
  primaryContactPhone: unit.primaryContactPhone,
  billingEntity: unit.billingEntity,
  billingEmail: unit.billingEmail,
  billingCity: unit.billingCity,
  billingState: unit.billingState,
  billingZip: unit.billingZip,
  unitOffice: nullable(unit.office),
  taxable: nullable(unit.taxable),
  taxGroupName: unit.taxGroupName,
  taxGroupCode: unit.taxGroupCode,
  technicians: sql<(Omit<JobTechnicianDetail, 'name'> & { name: string })[]>`coalesce((
    select json_agg(json_build_object('id', ${person.id}, 'name', ${personName(person)}, 'isPrimary', ${assignment.isPrimary},
      'firstName', ${person.firstName}, 'lastName', ${person.lastName}, 'email', ${person.email}, 'phone', ${person.phone})
      order by ${assignment.isPrimary} desc, ${personName(person)}, ${person.id})
    from ${from(assignment)} join ${from(person)} on ${person.id} = ${assignment.technicianId}
    where ${assignment.jobId} = ${job.id}), '[]'::json)`,
  items: sql<
    {
      id: string;
      type: JobItem['type'];
      code: string;
      name: string;
      serviceLine: string | null;
      quantity: number;
      unitCost: string;
      totalCost: string;
      createdAt: string;
    }[]
  >`coalesce((
    select json_agg(json_build_object('id', ${item.id}, 'type', ${item.type}, 'code', ${item.code}, 'name', ${item.name}, 'serviceLine', ${item.serviceLine},
      'quantity', ${item.quantity}, 'unitCost', ${item.unitCost}::text, 'totalCost', ${item.totalCost}::text, 'createdAt', ${item.createdAt})
      order by ${item.createdAt}, ${item.id})
    from ${from(item)} where ${item.jobId} = ${job.id}), '[]'::json)`,
});

const DETAIL_FROM = sql`from ${from(job)}
  join ${from(location)} on ${location.id} = ${job.locationId}
  join ${from(company)} on ${company.id} = ${location.companyId}
  left join ${from(unit)} on ${unit.id} = ${job.unitId}
  left join ${from(jobType)} on ${jobType.code} = ${job.type}
  left join ${from(serviceLine)} on ${serviceLine.code} = ${job.serviceLine}
  left join ${from(creator)} on ${creator.id} = ${job.createdBy}`;

export type JobRecord = Omit<JobDetail, 'can'>;

export function toItem(raw: {
  id: string;
  type: string;
  code: string;
  name: string;
  serviceLine: string | null;
  quantity: number;
  unitCost: string;
  totalCost: string;
  createdAt: string | Date;
}): JobItem {
  if (!(JOB_ITEM_TYPES as readonly string[]).includes(raw.type))
    throw new Error(`Unexpected job item type ${raw.type}`);
  return {
    id: raw.id,
    type: raw.type as JobItem['type'],
    code: raw.code,
    name: raw.name,
    serviceLine: raw.serviceLine,
    quantity: Number(raw.quantity),
    unitCostCents: toCents(raw.unitCost),
    totalCents: toCents(raw.totalCost),
    createdAt: new Date(raw.createdAt).toISOString(),
  };
}

function toRecord(row: RowOf<typeof DETAIL.fields>): JobRecord {
  const items = row.items.map(toItem);
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    status: row.status,
    type: row.type,
    typeName: row.typeName,
    serviceLine: row.serviceLine,
    serviceLineName: row.serviceLineName,
    description: row.description,
    problemDescription: row.problemDescription,
    customerPo: row.customerPo,
    isTraining: row.isTraining,
    serviceContract: row.serviceContract,
    office: row.office,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    contactType: row.contactType,
    contactId: row.contactId,
    timePeriodStart: row.timePeriodStart,
    timePeriodDue: row.timePeriodDue,
    scheduleStart: row.scheduleStart?.toISOString() ?? null,
    scheduleDuration: row.scheduleDuration,
    tags: row.tags,
    subcontracted: row.subcontracted,
    notes: row.notes,
    quoteSent: row.quoteSent,
    quoteSentAt: row.quoteSentAt?.toISOString() ?? null,
    quoteConfirmed: row.quoteConfirmed,
    quoteConfirmedAt: row.quoteConfirmedAt?.toISOString() ?? null,
    repairApproved: row.repairApproved,
    approvedQuoteTypes: quoteTypesIn(row.approvedQuoteTypes),
    declinedQuoteTypes: quoteTypesIn(row.declinedQuoteTypes),
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdById ? { id: row.createdById, name: row.createdByName ?? '' } : null,
    company: { id: row.companyId, name: row.companyName },
    location: {
      id: row.locationId,
      name: row.locationName,
      buildingName: row.buildingName,
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    unit: row.unitId
      ? {
          id: row.unitId,
          unitNumber: row.unitNumber ?? '',
          status: row.unitStatus ?? 'active',
          primaryContactType: row.primaryContactType,
          primaryContactEmail: row.primaryContactEmail,
          primaryContactPhone: row.primaryContactPhone,
          billingEntity: row.billingEntity,
          billingEmail: row.billingEmail,
          billingCity: row.billingCity,
          billingState: row.billingState,
          billingZip: row.billingZip,
          office: row.unitOffice,
          taxable: row.taxable ?? true,
          taxGroupName: row.taxGroupName,
          taxGroupCode: row.taxGroupCode,
        }
      : null,
    technicians: row.technicians.map((t) => ({
      id: t.id,
      name: t.name,
      isPrimary: t.isPrimary,
      firstName: t.firstName,
      lastName: t.lastName,
      email: t.email,
      phone: t.phone,
    })),
    items,
    costTotalCents: items.reduce((sum, i) => sum + i.totalCents, 0),
  };
}

const TECH_OPTION = selection({ id: person.id, name: personName(person), email: person.email, phone: person.phone });
const OFFICE = selection({ office: sql<string>`office` });
const REF_OPTION = selection({ code: jobType.code, name: jobType.name });
const SL_OPTION = selection({ code: serviceLine.code, name: serviceLine.name });
const JOB_STATE = selection({
  id: job.id,
  status: oneOfColumn(job.status, JOB_STATUSES),
  serviceLine: job.serviceLine,
  serviceContract: job.serviceContract,
  quoteConfirmed: quoteAnsweredNow,
  updatedAt: job.updatedAt,
});

export function createJobsDetailRepo(db: Executor) {
  return {
    async detail(id: string, exec: Executor = db): Promise<JobRecord | null> {
      const row = await selectRow(exec, DETAIL, sql`select ${DETAIL} ${DETAIL_FROM} where ${job.id} = ${id}::uuid`);
      return row ? toRecord(row) : null;
    },

    /** The facts the writes check, optionally locking the job row. */
    async state(id: string, exec: Executor = db, options: { forUpdate?: boolean } = {}) {
      return selectRow(
        exec,
        JOB_STATE,
        sql`select ${JOB_STATE} from ${from(job)} where ${job.id} = ${id}::uuid ${options.forUpdate ? sql`for update of ${job}` : sql``}`,
      );
    },

    async isAssigned(jobId: string, technicianId: string, exec: Executor = db): Promise<boolean> {
      return isTechnicianAssigned(exec, jobId, technicianId);
    },

    async locationOf(locationId: string, exec: Executor = db) {
      const [row] = await exec
        .select({ id: locations.id, companyId: locations.companyId })
        .from(locations)
        .where(eq(locations.id, locationId))
        .limit(1);
      return row ?? null;
    },

    async unitOf(unitId: string, exec: Executor = db) {
      const [row] = await exec
        .select({ id: units.id, locationId: units.locationId })
        .from(units)
        .where(eq(units.id, unitId))
        .limit(1);
      return row ?? null;
    },

    async activeJobType(code: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec
        .select({ code: jobTypes.code })
        .from(jobTypes)
        .where(and(eq(jobTypes.code, code), eq(jobTypes.isActive, true)))
        .limit(1);
      return rows.length > 0;
    },

    async activeServiceLine(code: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec
        .select({ code: serviceLines.code })
        .from(serviceLines)
        .where(and(eq(serviceLines.code, code), eq(serviceLines.isActive, true)))
        .limit(1);
      return rows.length > 0;
    },

    /** Of the given ids, those that are active technicians (role technician, status active, with a technician record). */
    async activeTechnicianIds(ids: readonly string[], exec: Executor = db): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await selectRows(
        exec,
        selection({ id: person.id }),
        sql`select ${person.id} as "id" from ${from(person)} join ${from(technician)} on ${technician.id} = ${person.id}
            where ${isTechnicianUser(person.role)} and ${person.status} = 'active' and ${person.id} in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
      );
      return new Set(rows.map((r) => r.id));
    },

    async technicianDetails(jobId: string, exec: Executor = db): Promise<JobTechnicianDetail[]> {
      const T = selection({
        id: person.id,
        name: personName(person),
        isPrimary: assignment.isPrimary,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
      });
      return selectRows(
        exec,
        T,
        sql`select ${T} from ${from(assignment)} join ${from(person)} on ${person.id} = ${assignment.technicianId} where ${assignment.jobId} = ${jobId}::uuid
            order by ${assignment.isPrimary} desc, 2, ${person.id}`,
      );
    },

    /** What refuses a delete: an answered quote (on the job or a quote record) and invoices past draft. */
    async deleteBlockers(
      id: string,
      exec: Executor = db,
    ): Promise<{ quoteAnswered: boolean; nonDraftInvoices: number }> {
      const B = selection({
        quoteAnswered: sql<boolean>`exists (select 1 from ${from(quote)} where ${quote.jobId} = ${job.id} and ${quoteDecided(quote.status)})`,
        nonDraftInvoices: countOf(
          sql`(select count(*) from ${from(invoice)} where ${invoice.jobId} = ${job.id} and ${invoice.status} <> 'draft')`,
        ),
      });
      const row = await selectRow(exec, B, sql`select ${B} from ${from(job)} where ${job.id} = ${id}::uuid`);
      return row ?? { quoteAnswered: false, nonDraftInvoices: 0 };
    },

    /** Has anyone recorded work on the job: an item, an inspection, a quote or an invoice? */
    async hasRecordedWork(id: string, exec: Executor = db): Promise<boolean> {
      const W = selection({
        work: sql<boolean>`exists (select 1 from ${jobItems} where ${jobItems.jobId} = ${id}::uuid)
          or exists (select 1 from ${jobInspections} where ${jobInspections.jobId} = ${id}::uuid)
          or exists (select 1 from ${from(quote)} where ${quote.jobId} = ${id}::uuid)
          or exists (select 1 from ${from(invoice)} where ${invoice.jobId} = ${id}::uuid)`,
      });
      const row = await selectRow(exec, W, sql`select ${W}`);
      return row?.work ?? false;
    },

    async item(jobId: string, itemId: string, exec: Executor = db): Promise<JobItem | null> {
      const [row] = await exec
        .select()
        .from(jobItems)
        .where(and(eq(jobItems.id, itemId), eq(jobItems.jobId, jobId)))
        .limit(1);
      return row ? toItem({ ...row, unitCost: row.unitCost, totalCost: row.totalCost }) : null;
    },

    /** A price-book line of the given kind, with both flat rates for a part. */
    async priceBookLine(kind: JobItem['type'], id: string, exec: Executor = db) {
      if (kind === 'part') {
        const [row] = await exec.select().from(jobPartPrices).where(eq(jobPartPrices.id, id)).limit(1);
        return row
          ? {
              code: row.code,
              name: row.name,
              serviceLine: row.serviceLine,
              unitCostCents: toCents(row.unitCost),
              flatRateNonContractCents: toCents(row.flatRateNonContract) as number | null,
              flatRatePmContractCents: toCents(row.flatRatePmContract) as number | null,
            }
          : null;
      }
      const table = kind === 'labor' ? jobLaborPrices : jobItemPrices;
      const [row] = await exec
        .select({ code: table.code, name: table.name, serviceLine: table.serviceLine, unitCost: table.unitCost })
        .from(table)
        .where(eq(table.id, id))
        .limit(1);
      return row
        ? {
            code: row.code,
            name: row.name,
            serviceLine: row.serviceLine,
            unitCostCents: toCents(row.unitCost),
            flatRateNonContractCents: null,
            flatRatePmContractCents: null,
          }
        : null;
    },

    async options(exec: Executor = db) {
      const [types, lines, offices, techs] = await Promise.all([
        selectRows(
          exec,
          REF_OPTION,
          sql`select ${REF_OPTION} from ${from(jobType)} where ${jobType.isActive} order by ${jobType.name}`,
        ),
        selectRows(
          exec,
          SL_OPTION,
          sql`select ${SL_OPTION} from ${from(serviceLine)} where ${serviceLine.isActive} order by ${serviceLine.name}`,
        ),
        // Distinct offices without reading every job (a loose index scan over jobs_office_idx).
        selectRows(
          exec,
          OFFICE,
          sql`with recursive o(office) as (
            select min(${job.office}) from ${from(job)}
            union all
            select (select min(${job.office}) from ${from(job)} where ${job.office} > o.office) from o where o.office is not null
          )
          select office from o where office is not null
          union
          select distinct ${technician.office} from ${from(technician)}
          order by 1`,
        ),
        selectRows(
          exec,
          TECH_OPTION,
          sql`select ${TECH_OPTION} from ${from(person)} join ${from(technician)} on ${technician.id} = ${person.id}
              where ${isTechnicianUser(person.role)} and ${person.status} = 'active' order by 2, ${person.id}`,
        ),
      ]);
      return { jobTypes: types, serviceLines: lines, offices: offices.map((o) => o.office), technicians: techs };
    },

    /** The board's Job Owner choices (active office users) and Region choices (territory names). */
    async dispatchChoices(exec: Executor = db) {
      const OWNER = selection({ id: person.id, name: personName(person) });
      const REGION = selection({ name: technicianTerritories.territoryName });
      const [owners, regions] = await Promise.all([
        selectRows(
          exec,
          OWNER,
          sql`select ${OWNER} from ${from(person)} where ${person.status} = 'active' and ${isOfficeUser(person.role)} order by 2, ${person.id}`,
        ),
        selectRows(
          exec,
          REGION,
          sql`select distinct ${technicianTerritories.territoryName} as "name" from ${technicianTerritories} order by 1`,
        ),
      ]);
      return { owners, regions: regions.map((r) => r.name) };
    },

    async presets(userId: string, exec: Executor = db): Promise<JobPreset[]> {
      const rows = await exec
        .select()
        .from(jobPresets)
        .where(eq(jobPresets.userId, userId))
        .orderBy(asc(jobPresets.name), asc(jobPresets.id));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        data: r.data as PresetData,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
