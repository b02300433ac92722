/**
 * The demo's contacts (issue 28, decision 038): for each location a primary site contact and, at
 * most locations, a billing contact; for each company a company-wide owner or accounts-payable
 * contact. Drawn from their own random stream after everything else, so the rest of the demo data
 * (which the E2E specs read) is exactly what it was before contacts existed.
 */
import type * as schema from '../schema.js';
import { FIRST_NAMES, LAST_NAMES } from './builders/data.js';
import { createRandom } from './builders/random.js';

export const DEMO_CONTACTS_SEED = 20_261_129;

type ContactInsert = typeof schema.contacts.$inferInsert;
type Place = { id?: string; companyId: string; name: string };
type Company = { id?: string; name: string };

const SITE_TITLES = [
  'Facilities Manager',
  'Building Engineer',
  'Property Manager',
  'Chief Engineer',
  'Site Supervisor',
];
const BILLING_TITLES = ['Accounts Payable', 'Office Manager', 'Controller'];

const phone = (rng: ReturnType<typeof createRandom>) =>
  `(${rng.pick(['404', '470', '678', '770'])}) 555-${String(rng.int(100, 9999)).padStart(4, '0')}`;
const domainOf = (company: string) =>
  `${company
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24)}.example.com`;

export function buildDemoContacts(
  companies: readonly Company[],
  locations: readonly Place[],
  at: Date,
): ContactInsert[] {
  const rng = createRandom(DEMO_CONTACTS_SEED);
  const byId = new Map(companies.map((c) => [c.id!, c]));
  const rows: ContactInsert[] = [];
  const person = (domain: string) => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    return { name: `${first} ${last}`, email: `${first}.${last}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '') };
  };
  for (const company of companies) {
    const who = person(domainOf(company.name));
    const owner = rng.bool(0.5);
    rows.push({
      companyId: company.id!,
      locationId: null,
      ...who,
      title: owner ? 'Owner' : 'Accounts Payable',
      officePhone: phone(rng),
      roles: owner ? ['owner', 'billing'] : ['billing'],
      isPrimary: false,
      createdAt: at,
      updatedAt: at,
    });
  }
  for (const location of locations) {
    const domain = domainOf(byId.get(location.companyId)?.name ?? location.name);
    const site = person(domain);
    rows.push({
      companyId: location.companyId,
      locationId: location.id!,
      ...site,
      title: rng.pick(SITE_TITLES),
      officePhone: phone(rng),
      mobilePhone: rng.bool(0.6) ? phone(rng) : null,
      roles: rng.bool(0.4) ? ['site_contact', 'management'] : ['site_contact'],
      isPrimary: true,
      notes: rng.bool(0.3) ? 'Call ahead; roof access through the loading dock.' : null,
      createdAt: at,
      updatedAt: at,
    });
    if (rng.bool(0.6)) {
      const billing = person(domain);
      rows.push({
        companyId: location.companyId,
        locationId: location.id!,
        ...billing,
        title: rng.pick(BILLING_TITLES),
        officePhone: phone(rng),
        roles: rng.bool(0.3) ? ['billing', 'tenant'] : ['billing'],
        isPrimary: false,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  return rows;
}
