import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/domain/auth.js';
import { UNIT_LABEL_TEXTS, unitLabelCode, type UnitCodeResult } from '../../src/domain/unit-labels.js';
import { LABEL, SHEET } from '../../src/server/pdf/unit-label-pdf.js';
import { MISSING_ID, signedOut, signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { loginTechnician } from './inspection-helpers.js';

/**
 * Units by QR code (issue 30 item 4, decision 046): a unit's label and a company's label sheets
 * as PDFs (office roles), and the code that opens the unit, or a technician's open job on it.
 */
const PUBLIC_URL = 'https://hvac.example.test';
let ctx: TestContext;
const as = {} as Record<UserRole, ApiClient>;
let tech: ApiClient;
let companyId: string;
let centerId: string;
const ids: Record<string, string> = {};
let jobId: string;

beforeAll(async () => {
  ctx = await createTestContext({ config: { publicUrl: PUBLIC_URL } });
  for (const role of ['admin', 'manager', 'user', 'technician'] as const) as[role] = await signInAs(ctx, role);
  const technician = await loginTechnician(ctx);
  tech = as.user.as(technician.cookie);
  const f = ctx.f;
  const company = await f.company({ name: 'Label Co' });
  companyId = company.id;
  const center = await f.location({ companyId, name: 'A Center' });
  centerId = center.id;
  const plaza = await f.location({ companyId, name: 'B Plaza' });
  // 11 units at A Center: two sheets; B Plaza starts a sheet of its own.
  for (let i = 1; i <= 11; i++) {
    const unit = await f.unit({ locationId: center.id, unitNumber: `RTU-${String(i).padStart(2, '0')}` });
    ids[unit.unitNumber] = unit.id;
  }
  ids['AHU-1'] = (await f.unit({ locationId: plaza.id, unitNumber: 'AHU-1' })).id;
  // Two units whose ids share the printed code (48 bits: never by chance, here on purpose).
  ids.twinA = (await f.unit({ id: '0123abcd-4567-4aaa-8aaa-aaaaaaaaaaaa', unitNumber: 'TWIN-A' })).id;
  ids.twinB = (await f.unit({ id: '0123abcd-4567-4bbb-8bbb-bbbbbbbbbbbb', unitNumber: 'TWIN-B' })).id;
  ids.other = (await f.unit({ unitNumber: 'OTHER-1' })).id;

  const on = { locationId: center.id, unitId: ids['RTU-01']! };
  // The technician's jobs on RTU-01: a completed one, and two open ones (the scheduled one first).
  await f.job({ ...on, status: 'completed', technicianIds: [technician.technicianId] });
  await f.job({ ...on, status: 'unscheduled', name: 'Later', technicianIds: [technician.technicianId] });
  jobId = (
    await f.job({
      ...on,
      status: 'scheduled',
      name: 'Next visit',
      scheduleStart: new Date('2026-12-01T15:00:00Z'),
      technicianIds: [technician.technicianId],
    })
  ).id;
  // Someone else's open job on RTU-02 only.
  const otherTech = await f.technician();
  await f.job({ locationId: center.id, unitId: ids['RTU-02']!, technicianIds: [otherTech.technician.id] });
});
afterAll(() => ctx.close());

const folder = () => mkdtempSync(path.join(tmpdir(), 'unit-labels-'));

function pdfText(bytes: Buffer): string {
  const file = path.join(folder(), 'labels.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Renders the PDF's first page with pdftoppm and reads the QR code in the region (points) with jsQR. */
async function decodeQr(
  bytes: Buffer,
  region?: { left: number; top: number; width: number; height: number },
): Promise<string | null> {
  const dir = folder();
  const file = path.join(dir, 'labels.pdf');
  writeFileSync(file, bytes);
  const dpi = 150;
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
  const png = readdirSync(dir).find((name) => name.endsWith('.png'))!;
  let image = sharp(path.join(dir, png));
  if (region) {
    const px = (points: number) => Math.round((points / 72) * dpi);
    image = image.extract({
      left: px(region.left),
      top: px(region.top),
      width: px(region.width),
      height: px(region.height),
    });
  }
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe("GET /api/units/:id/label: one unit's label", () => {
  it('is a 4 x 2 inch PDF with the unit number, location, company and code, and a QR of the unit page', async () => {
    const id = ids['RTU-01']!;
    const response = await as.user.call('GET', `/api/units/${id}/label`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="unit-rtu-01-qr-label.pdf"');
    const doc = await PDFDocument.load(response.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual(LABEL);
    const text = pdfText(response.rawPayload);
    for (const expected of ['RTU-01', 'A Center', 'Label Co', unitLabelCode(id)]) expect(text).toContain(expected);
    expect(await decodeQr(response.rawPayload)).toBe(`${PUBLIC_URL}/units/${id}`);
  });

  it('is printed by the office; a technician and a signed-out person are refused', async () => {
    for (const role of ['admin', 'manager', 'user'] as const) {
      expect((await as[role].call('GET', `/api/units/${ids['AHU-1']}/label`)).statusCode, role).toBe(200);
    }
    await as.technician.refused('GET', `/api/units/${ids['AHU-1']}/label`, undefined, 403);
    await tech.refused('GET', `/api/units/${ids['AHU-1']}/label`, undefined, 403);
    expect((await signedOut(ctx).call('GET', `/api/units/${ids['AHU-1']}/label`)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown unit and 400 for a malformed id', async () => {
    await as.user.refused('GET', `/api/units/${MISSING_ID}/label`, undefined, 404, 'Unit not found');
    await as.user.refused('GET', '/api/units/nope/label', undefined, 400, 'Invalid unit ID format');
  });
});

describe("GET /api/companies/:id/labels: a company's label sheets", () => {
  it('puts 10 labels on a Letter sheet, each location from a new sheet, every unit once', async () => {
    const response = await as.manager.call('GET', `/api/companies/${companyId}/labels`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="label-co-qr-labels.pdf"');
    const doc = await PDFDocument.load(response.rawPayload);
    // A Center: 11 units on 2 sheets; B Plaza: 1 sheet.
    expect(doc.getPageCount()).toBe(3);
    expect(doc.getPage(0).getSize()).toEqual({ width: SHEET.page[0], height: SHEET.page[1] });
    const text = pdfText(response.rawPayload);
    for (const unit of [...Object.keys(ids).filter((k) => /^(RTU|AHU)/.test(k))]) expect(text).toContain(unit);
    expect(text).toContain('Label Co - A Center (sheet 1 of 2)');
    expect(text).toContain('Label Co - B Plaza');
    expect(text).not.toContain('OTHER-1');
    expect(text).not.toContain('TWIN-A');
    const pages = text.split('\f');
    expect(pages[1]).toContain('RTU-11');
    expect(pages[1]).not.toContain('RTU-10');
    expect(pages[2]).toContain('AHU-1');

    // The first label (top left) reads back as RTU-01's page.
    const first = await decodeQr(response.rawPayload, {
      left: SHEET.left,
      top: SHEET.top,
      width: LABEL.width,
      height: LABEL.height,
    });
    expect(first).toBe(`${PUBLIC_URL}/units/${ids['RTU-01']}`);
  });

  it("prints one location's labels", async () => {
    const response = await as.user.call('GET', `/api/companies/${companyId}/labels?locationId=${centerId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="label-co-a-center-qr-labels.pdf"');
    expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBe(2);
    expect(pdfText(response.rawPayload)).not.toContain('AHU-1');
  });

  it('says so for a company with no units', async () => {
    const empty = await ctx.f.company({ name: 'Empty Label Co' });
    const response = await as.user.call('GET', `/api/companies/${empty.id}/labels`);
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('This company has no units yet.');
  });

  it('refuses a technician, an unknown company or location, and a malformed id', async () => {
    await tech.refused('GET', `/api/companies/${companyId}/labels`, undefined, 403);
    await as.user.refused('GET', `/api/companies/${MISSING_ID}/labels`, undefined, 404, 'Company not found');
    await as.user.refused(
      'GET',
      `/api/companies/${companyId}/labels?locationId=${MISSING_ID}`,
      undefined,
      404,
      'Location not found',
    );
    const elsewhere = await ctx.f.location({ name: 'Not Theirs' });
    await as.user.refused(
      'GET',
      `/api/companies/${companyId}/labels?locationId=${elsewhere.id}`,
      undefined,
      404,
      'Location not found',
    );
    await as.user.refused('GET', '/api/companies/nope/labels', undefined, 400, 'Invalid company ID format');
    await as.user.refused(
      'GET',
      `/api/companies/${companyId}/labels?locationId=nope`,
      undefined,
      400,
      'Invalid location ID format',
    );
  });
});

describe('GET /api/unit-labels/resolve: what a code opens', () => {
  const resolve = async (api: ApiClient, code: string): Promise<UnitCodeResult> => {
    const response = await api.call('GET', `/api/unit-labels/resolve?code=${encodeURIComponent(code)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as UnitCodeResult;
  };

  it('gives a technician their open job on the unit: the next scheduled one', async () => {
    const result = await resolve(tech, unitLabelCode(ids['RTU-01']!));
    expect(result.unit).toEqual({
      id: ids['RTU-01'],
      unitNumber: 'RTU-01',
      code: unitLabelCode(ids['RTU-01']!),
      locationName: 'A Center',
      companyName: 'Label Co',
    });
    expect(result.job).toMatchObject({ id: jobId, name: 'Next visit' });
    // the label's URL, as the camera reads it, and the id say the same
    expect((await resolve(tech, `${PUBLIC_URL}/units/${ids['RTU-01']}`)).job?.id).toBe(jobId);
    expect((await resolve(tech, ids['RTU-01']!)).job?.id).toBe(jobId);
  });

  it("gives a technician no job on a unit where only someone else's is open", async () => {
    const result = await resolve(tech, unitLabelCode(ids['RTU-02']!).toLowerCase().replace(/-/g, ' '));
    expect(result.unit.unitNumber).toBe('RTU-02');
    expect(result.job).toBeNull();
  });

  it('gives the office the unit (never a job)', async () => {
    for (const role of ['admin', 'manager', 'user'] as const) {
      const result = await resolve(as[role], unitLabelCode(ids['RTU-01']!));
      expect(result.unit.id).toBe(ids['RTU-01']);
      expect(result.job).toBeNull();
    }
  });

  it('accepts the label URL on the address the request came to', async () => {
    const result = await resolve(as.user, `http://localhost:80/units/${ids['AHU-1']}`);
    expect(result.unit.unitNumber).toBe('AHU-1');
  });

  it('answers 404 for an unknown code, 400 for what is not a code of ours, 409 for a shared code', async () => {
    await as.user.refused(
      'GET',
      '/api/unit-labels/resolve?code=FFFF-FFFF-FFFE',
      undefined,
      404,
      UNIT_LABEL_TEXTS.codeNotFound,
    );
    await as.user.refused(
      'GET',
      `/api/unit-labels/resolve?code=${MISSING_ID}`,
      undefined,
      404,
      UNIT_LABEL_TEXTS.codeNotFound,
    );
    await as.user.refused('GET', '/api/unit-labels/resolve?code=RTU-01', undefined, 400, UNIT_LABEL_TEXTS.codeInvalid);
    await as.user.refused('GET', '/api/unit-labels/resolve?code=', undefined, 400, UNIT_LABEL_TEXTS.codeRequired);
    await as.user.refused('GET', '/api/unit-labels/resolve', undefined, 400);
    await as.user.refused(
      'GET',
      `/api/unit-labels/resolve?code=${encodeURIComponent(`https://elsewhere.example.net/units/${ids['AHU-1']}`)}`,
      undefined,
      400,
      UNIT_LABEL_TEXTS.notOurs,
    );
    await as.user.refused(
      'GET',
      '/api/unit-labels/resolve?code=0123-abcd-4567',
      undefined,
      409,
      UNIT_LABEL_TEXTS.codeAmbiguous,
    );
    // each of the two is still found by its whole id
    expect((await resolve(as.user, ids.twinB!)).unit.unitNumber).toBe('TWIN-B');
  });

  it('is for signed-in people only', async () => {
    const response = await signedOut(ctx).call('GET', `/api/unit-labels/resolve?code=${unitLabelCode(ids['RTU-01']!)}`);
    expect(response.statusCode).toBe(401);
  });
});
