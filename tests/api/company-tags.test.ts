/**
 * Tags on companies (issue 28): Manage Tags adds and removes them, suggests existing ones as one
 * types, the companies list filters by one (and its export lists them); office staff manage them,
 * technicians read them; every refusal changes nothing.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_TAG_LIMIT, TAG_MESSAGES } from '../../src/domain/tags.js';
import { MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;
const fx = {} as { acme: string; bolt: string; cold: string };
const tagFingerprint = () => tableFingerprint(ctx.database.db, ['tags', 'company_tags', 'companies']);

beforeAll(async () => {
  ctx = await createTestContext();
  api = await signInAs(ctx, 'user', { unchanged: tagFingerprint });
  fx.acme = (await ctx.f.company({ name: 'Acme Cooling' })).id;
  fx.bolt = (await ctx.f.company({ name: 'Bolt Heating' })).id;
  fx.cold = (await ctx.f.company({ name: 'Cold Storage Inc' })).id;
});
afterAll(() => ctx.close());

const add = async (companyId: string, name: string, client = api) => {
  const response = await client.call('POST', `/api/companies/${companyId}/tags`, { name });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { tags: { id: string; name: string }[] }).tags;
};
const names = (tags: { name: string }[]) => tags.map((t) => t.name);

async function readSheet(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('adding and removing tags', () => {
  it('adds a new tag, trimmed with single spaces, and reuses one of the same name in any case', async () => {
    expect(names(await add(fx.acme, '  VIP  '))).toEqual(['VIP']);
    expect(names(await add(fx.acme, 'Net   30'))).toEqual(['Net 30', 'VIP']);
    // "vip" is the tag VIP: on Bolt it is the same tag, not a new one.
    const bolt = await add(fx.bolt, 'vip');
    expect(names(bolt)).toEqual(['VIP']);
    const acme = (await api.call('GET', `/api/companies/${fx.acme}`)).json();
    expect(acme.tags.find((t: { name: string }) => t.name === 'VIP').id).toBe(bolt[0]!.id);
    // Adding a tag the company has already changes nothing.
    const before = await tagFingerprint();
    expect(names(await add(fx.acme, 'vip'))).toEqual(['Net 30', 'VIP']);
    expect(await tagFingerprint()).toEqual(before);
  });

  it('shows the tags on the detail page and on each company of the list', async () => {
    const detail = (await api.call('GET', `/api/companies/${fx.acme}`)).json();
    expect(names(detail.tags)).toEqual(['Net 30', 'VIP']);
    const list = (await api.call('GET', '/api/companies')).json();
    const byName = Object.fromEntries(
      list.items.map((c: { name: string; tags: { name: string }[] }) => [c.name, names(c.tags)]),
    );
    expect(byName).toEqual({ 'Acme Cooling': ['Net 30', 'VIP'], 'Bolt Heating': ['VIP'], 'Cold Storage Inc': [] });
  });

  it('removes a tag from one company; the tag stays for the others', async () => {
    const bolt = (await api.call('GET', `/api/companies/${fx.bolt}`)).json();
    const vip = bolt.tags[0].id as string;
    const removed = await api.call('DELETE', `/api/companies/${fx.bolt}/tags/${vip}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().tags).toEqual([]);
    expect(names((await api.call('GET', `/api/companies/${fx.acme}`)).json().tags)).toEqual(['Net 30', 'VIP']);
    // Removing it again: 404, nothing changes.
    await api.refused('DELETE', `/api/companies/${fx.bolt}/tags/${vip}`, undefined, 404, TAG_MESSAGES.notOnCompany);
  });
});

describe('suggestions as one types', () => {
  it('suggests the tags containing the text (one or two letters at a word start), with their company counts', async () => {
    await add(fx.cold, 'Hospital');
    await add(fx.bolt, 'Hospitality');
    const suggest = async (q: string) =>
      (await api.call('GET', `/api/tags?q=${encodeURIComponent(q)}`)).json().items as {
        name: string;
        companyCount: number;
      }[];
    expect((await suggest('hosp')).map((t) => [t.name, t.companyCount])).toEqual([
      ['Hospital', 1],
      ['Hospitality', 1],
    ]);
    expect(names(await suggest('v'))).toEqual(['VIP']);
    expect(names(await suggest('30'))).toEqual(['Net 30']);
    expect(names(await suggest(''))).toEqual(['Hospital', 'Hospitality', 'Net 30', 'VIP']);
    expect(await suggest('zzz')).toEqual([]);
  });
});

describe('the companies list filters by tag', () => {
  it('lists the companies with the tag, whole name and any case, and exports them with their tags', async () => {
    const list = async (tag: string) =>
      (await api.call('GET', `/api/companies?tag=${encodeURIComponent(tag)}`))
        .json()
        .items.map((c: { name: string }) => c.name);
    expect(await list('vip')).toEqual(['Acme Cooling']);
    expect(await list('HOSPITAL')).toEqual(['Cold Storage Inc']);
    expect(await list('hosp')).toEqual([]);
    expect(await list('')).toEqual(['Acme Cooling', 'Bolt Heating', 'Cold Storage Inc']);
    const withCity = (await api.call('GET', '/api/companies?tag=VIP&company=bolt')).json();
    expect(withCity.total).toBe(0);
    const exported = await api.call('GET', '/api/companies/export?tag=vip');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(exported.rawPayload);
    expect(rows[0]!.at(-1)).toBe('Tags');
    expect(rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([['Acme Cooling', 'Net 30, VIP']]);
  });
});

describe('refusals change nothing', () => {
  it('refuses bad names with a clear 400', async () => {
    const url = `/api/companies/${fx.acme}/tags`;
    await api.refused('POST', url, { name: '   ' }, 400, TAG_MESSAGES.required);
    await api.refused('POST', url, {}, 400, TAG_MESSAGES.required);
    await api.refused('POST', url, { name: 'x'.repeat(41) }, 400, TAG_MESSAGES.tooLong);
    await api.refused('POST', url, { name: 'a,b' }, 400, TAG_MESSAGES.characters);
    await api.refused('POST', url, { name: '<b>' }, 400, TAG_MESSAGES.characters);
    await api.refused('GET', `/api/tags?q=${'x'.repeat(41)}`, undefined, 400, TAG_MESSAGES.tooLong);
    await api.refused('GET', `/api/companies?tag=${'x'.repeat(41)}`, undefined, 400, TAG_MESSAGES.tooLong);
  });

  it('refuses unknown companies and bad ids', async () => {
    await api.refused('POST', `/api/companies/${MISSING_ID}/tags`, { name: 'New' }, 404);
    await api.refused('POST', '/api/companies/nope/tags', { name: 'New' }, 400);
    await api.refused('DELETE', `/api/companies/${fx.acme}/tags/nope`, undefined, 400, TAG_MESSAGES.invalidTagId);
    await api.refused('DELETE', `/api/companies/${MISSING_ID}/tags/${MISSING_ID}`, undefined, 404);
  });

  it(`refuses more than ${COMPANY_TAG_LIMIT} tags on a company`, async () => {
    // Cold Storage has Hospital already.
    for (let i = 1; i < COMPANY_TAG_LIMIT; i++) await add(fx.cold, `Tag ${i}`);
    await api.refused('POST', `/api/companies/${fx.cold}/tags`, { name: 'One more' }, 400, TAG_MESSAGES.tooMany);
  });
});

describe('roles', () => {
  it('lets managers and admins manage tags; technicians read but may not change them', async () => {
    const manager = await api.withRole('manager');
    expect(names(await add(fx.bolt, 'Priority', manager))).toEqual(['Hospitality', 'Priority']);
    const admin = await api.withRole('admin');
    expect(names(await add(fx.bolt, 'Key account', admin))).toContain('Key account');
    const tech = await api.withRole('technician');
    await tech.refused('POST', `/api/companies/${fx.bolt}/tags`, { name: 'Nope' }, 403);
    const bolt = (await tech.call('GET', `/api/companies/${fx.bolt}`)).json();
    expect(names(bolt.tags)).toEqual(['Hospitality', 'Key account', 'Priority']);
    await tech.refused('DELETE', `/api/companies/${fx.bolt}/tags/${bolt.tags[0].id}`, undefined, 403);
    expect((await tech.call('GET', '/api/tags?q=pri')).json().items.map((t: { name: string }) => t.name)).toEqual([
      'Priority',
    ]);
    expect(
      (await tech.call('GET', '/api/companies?tag=priority')).json().items.map((c: { name: string }) => c.name),
    ).toEqual(['Bolt Heating']);
  });
});
