import type { Factories } from '../factories/index.js';

/** A valid POST /api/jobs body for a new unit (with its location), as the Create Job screen sends it. */
export async function jobCreateBody(f: Factories, overrides: Record<string, unknown> = {}) {
  const unit = await f.unit();
  return {
    locationId: unit.locationId,
    unitId: unit.id,
    serviceAddress: '1 Main St',
    serviceCity: 'Atlanta',
    serviceState: 'GA',
    serviceZip: '30303',
    contactName: 'Pat Lee',
    contactPhone: '4045550100',
    contactEmail: 'pat@example.com',
    contactType: 'primary',
    serviceLine: 'HVACGEN',
    name: 'Spring PM',
    description: 'Quarterly maintenance of the rooftop units',
    timePeriodStart: '2026-03-10',
    timePeriodDue: '2026-03-12',
    ...overrides,
  };
}
