import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings as settingsTable } from '../../src/server/db/schema.js';
import { buildSampleTemplatePdf } from '../../src/server/pdf/sample-template.js';
import { apiClient, MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { jobsFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import sharp from 'sharp';
import { multipartBody } from './inspection-helpers.js';
import { multipart } from './quote-support.js';

const NOW = new Date('2026-03-07T15:00:00Z');
let ctx: TestContext;
let office: ApiClient;
let dir: string;
let template4: Uint8Array;
let jobId: string;
let jobNumber: number;

async function upload(fields: Record<string, string>, bytes: Uint8Array) {
  const body = multipart(fields, { name: `${fields.name}.pdf`, bytes });
  const response = await office.call('POST', '/api/quote-templates/pdf', body.payload, { headers: body.headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

const previewUrl = (id: string, query: string) => `/api/jobs/${id}/quote-preview?${query}`;
const preview = (id: string, query: string) => office.call('GET', previewUrl(id, query));

function pdfFile(bytes: Uint8Array | Buffer, name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}
const pdftotext = (file: string, args: string[] = []) =>
  execFileSync('pdftotext', ['-layout', ...args, file, '-'], { encoding: 'utf8' });
const pdfinfoPages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

/** The raw (still encoded) content stream bytes of a page: copied pages keep them byte for byte. */
function contentBytes(page: PDFPage): Buffer {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return Buffer.concat(streams.map((s) => Buffer.from((s as PDFRawStream).getContents())));
}

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  office = await signInAs(ctx, 'user', { unchanged: () => jobsFingerprint(ctx.database.db) });
  dir = mkdtempSync(path.join(tmpdir(), 'quote-pdf-'));
  await ctx.database.db
    .insert(settingsTable)
    .values({
      key: 'company',
      value: {
        name: 'Summit Air Mechanical',
        physical_address: { street: '1450 Northside Dr NW', city: 'Atlanta', state: 'GA', zip: '30318' },
        mailing_address: { street: '', city: '', state: '', zip: '' },
        phone: '(404) 555-0147',
        time_zone: 'America/New_York',
      },
    })
    .onConflictDoUpdate({
      target: settingsTable.key,
      set: {
        value: {
          name: 'Summit Air Mechanical',
          physical_address: { street: '1450 Northside Dr NW', city: 'Atlanta', state: 'GA', zip: '30318' },
          mailing_address: { street: '', city: '', state: '', zip: '' },
          phone: '(404) 555-0147',
          time_zone: 'America/New_York',
        },
      },
    });

  template4 = await buildSampleTemplatePdf({ companyName: 'Summit Air Mechanical', title: 'Repair Quote', pages: 4 });
  // Cover (1) and terms (4) preserved: the generated pages replace page 2, page 3 is left out.
  await upload({ name: 'Repair cover and terms', templateType: 'repair', preservedPages: '1, 4' }, template4);

  const company = await ctx.f.company({ name: 'Peachtree Medical Group' });
  const location = await ctx.f.location({
    companyId: company.id,
    name: 'Midtown Clinic',
    address: '1010 Peachtree St NE',
    city: 'Atlanta',
    state: 'GA',
    zip: '30309',
  });
  const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'RTU-7' });
  const job = await ctx.f.job({ locationId: location.id, unitId: unit.id, name: 'RTU-7 not cooling', number: 4242 });
  jobId = job.id;
  jobNumber = job.number;
  const first = await ctx.f.inspection(job.id, {
    completed: true,
    modelNumber: '48TC-009',
    serialNumber: null,
    age: 12,
    tonnage: '7.5',
    unitType: 'Gas',
    systemType: 'RTU',
    createdAt: new Date('2026-03-01T10:00:00Z'),
  });
  const second = await ctx.f.inspection(job.id, {
    completed: true,
    modelNumber: 'ZJ-150',
    serialNumber: '4821G12345',
    age: null,
    tonnage: null,
    unitType: 'Electric',
    systemType: 'Split System',
    createdAt: new Date('2026-03-01T11:00:00Z'),
  });
  await ctx.f.inspection(job.id, { completed: false, modelNumber: 'NOT-DONE-1' });
  // Costs chosen so the totals are easy to check: sum / 0.6, rounded to the dollar (section 9).
  const zero = {
    labor: '0',
    refrigerationRecovery: '0',
    startUpCosts: '0',
    thermostatStartup: '0',
    removalCost: '0',
    permitCost: '0',
    accessories: [],
    additionalItems: [],
  };
  await ctx.f.repair(
    { jobId: job.id, inspectionId: first.id },
    {
      ...zero,
      phase1Description: 'Replace capacitor',
      phase1Cost: '300.00',
      phase2Description: 'Replace condenser fan motor',
      phase2Cost: '600.00',
      phase3Description: 'Replace compressor',
      phase3Cost: '1200.00',
      selectedPhase: 'phase2',
      totalCost: '1000.00',
    },
  );
  await ctx.f.repair(
    { jobId: job.id, inspectionId: second.id },
    {
      ...zero,
      labor: '300.00',
      phase1Cost: '0',
      phase2Cost: '0',
      phase3Cost: '600.00',
      phase3Description: 'New economizer',
      selectedPhase: 'phase3',
      totalCost: '1500.00',
      accessories: [{ name: 'Curb adapter', cost: '0' }],
    },
  );
  await ctx.f.jobItem(job.id, {
    code: 'CAP-455',
    name: 'Run capacitor 45/5 MFD',
    quantity: 2,
    unitCost: '60.00',
    totalCost: '120.00',
    type: 'part',
  });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await ctx.close();
});

describe('quote PDF from the default template', () => {
  it('keeps the preserved pages unchanged, puts the generated pages in place of the first unpreserved page, and shows the quote', async () => {
    const response = await preview(jobId, 'type=repair&quoteNumber=QT-4242-1234');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`inline; filename="quote-${jobId}-repair.pdf"`);

    const file = pdfFile(response.rawPayload, 'repair.pdf');
    const out = await PDFDocument.load(response.rawPayload);
    const tpl = await PDFDocument.load(template4);
    const pages = out.getPageCount();
    expect(pdfinfoPages(file)).toBe(pages);
    expect(pages).toBeGreaterThanOrEqual(3); // cover, generated (1+), terms; template page 3 left out

    // Preserved pages: same content streams and same size as the template's.
    expect(contentBytes(out.getPage(0)).equals(contentBytes(tpl.getPage(0)))).toBe(true);
    expect(contentBytes(out.getPage(pages - 1)).equals(contentBytes(tpl.getPage(3)))).toBe(true);
    expect(out.getPage(0).getSize()).toEqual(tpl.getPage(0).getSize());
    expect(pdftotext(file, ['-f', '1', '-l', '1'])).toBe(
      execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', pdfFile(template4, 't.pdf'), '-'], {
        encoding: 'utf8',
      }),
    );
    expect(pdftotext(file, ['-f', String(pages), '-l', String(pages)])).toContain('Terms and Conditions');

    const text = pdftotext(file);
    expect(text).not.toContain('This page is replaced by the generated quote');
    for (const expected of [
      'Summit Air Mechanical',
      '1450 Northside Dr NW',
      'REPAIR QUOTE',
      'Quote number: QT-4242-1234',
      'Date: 03/07/2026',
      'Peachtree Medical Group',
      'Midtown Clinic',
      'RTU-7',
      '48TC-009',
      '4821G12345',
      'Replace condenser fan motor',
      'Selected',
      // first: options 300/600/1200 -> 500, 1000, 2000; second: labor 300 + 0/0/600 -> 500, 500, 1500
      '$1,000.00',
      '$2,000.00',
      '$1,500.00',
      'Grand Total',
      // the selected options $2,500.00 plus the job's part $120.00 (decision 031)
      '$2,500.00',
      '$2,620.00',
      'Curb adapter',
      'an inspection fee of $180.00',
      'the approve and decline links are added here when the quote is sent',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/N\/A/); // missing serial, age and tonnage
    expect(text).not.toContain('NOT-DONE-1'); // only completed inspections
    // The job's parts and labor are on the repair quote (issue 26; before, only on "other" quotes).
    expect(text).toContain('Run capacitor');
  });

  it('prints the photos of the completed inspections as thumbnails under the inspection results, not those of an open one', async () => {
    const location = await ctx.f.location({ name: 'Photo Clinic' });
    const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'RTU-9' });
    const job = await ctx.f.job({ locationId: location.id, unitId: unit.id, name: 'RTU-9 with photos' });
    const done = await ctx.f.inspection(job.id, {
      completed: true,
      modelNumber: 'PH-1',
      createdAt: new Date('2026-03-01T10:00:00Z'),
    });
    const open = await ctx.f.inspection(job.id, {
      completed: false,
      modelNumber: 'PH-OPEN',
      createdAt: new Date('2026-03-01T11:00:00Z'),
    });
    const photo = (r: number, format: 'jpeg' | 'png' | 'webp') => {
      const image = sharp({ create: { width: 1200, height: 900, channels: 3, background: { r, g: 90, b: 160 } } });
      return image[format]().toBuffer();
    };
    const uploads: [string, string, string, Buffer][] = [
      [done.id, 'condenser-coil.jpg', 'image/jpeg', await photo(10, 'jpeg')],
      [done.id, 'nameplate.png', 'image/png', await photo(80, 'png')],
      [done.id, 'fan-motor.webp', 'image/webp', await photo(150, 'webp')],
      [open.id, 'not-printed.jpg', 'image/jpeg', await photo(220, 'jpeg')],
    ];
    for (const [inspectionId, name, type, bytes] of uploads) {
      const body = multipartBody(name, type, bytes);
      const response = await office.call('POST', `/api/inspections/${inspectionId}/photos`, body.payload, {
        headers: body.headers,
      });
      expect(response.statusCode, response.body).toBe(201);
    }

    const response = await preview(job.id, 'type=repair');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const file = pdfFile(response.rawPayload, 'photos.pdf');
    const text = pdftotext(file);
    expect(text).toContain('Photos: Inspection - unit RTU-9');
    // numbered in upload order (this test's clock is frozen, so the three share one upload time)
    for (const name of ['condenser-coil.jpg', 'nameplate.png', 'fan-motor.webp'])
      expect(text).toMatch(new RegExp(`[123]\\. ${name.replace('.', '\\.')}`));
    expect(text).not.toContain('not-printed.jpg');
    // three images, the 320 px thumbnails (JPEG), on a generated page (the template has none)
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => line.trim().split(/\s+/));
    expect(images.map(([, , type, width, height, , , , enc]) => [type, Number(width), Number(height), enc])).toEqual([
      ['image', 320, 240, 'jpeg'],
      ['image', 320, 240, 'jpeg'],
      ['image', 320, 240, 'jpeg'],
    ]);
    expect(new Set(images.map(([page]) => page)).size).toBe(1);

    // an "other" quote has no inspections, so no photos
    const other = await preview(job.id, 'type=other');
    expect(other.statusCode, other.body.slice(0, 300)).toBe(200);
    expect(
      execFileSync('pdfimages', ['-list', pdfFile(other.rawPayload, 'other.pdf')], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter((l) => l.trim()),
    ).toEqual([]);
  });

  it('with a token (the send flow) prints the approve and decline links of the customer page, clickable', async () => {
    const { createQuotePdfService } = await import('../../src/server/modules/quotes/index.js');
    const { createQuoteTemplatesRepo } = await import('../../src/server/modules/quote-templates/index.js');
    const { createSettingsRepo } = await import('../../src/server/modules/settings/index.js');
    const { createFileStorage } = await import('../../src/server/storage/storage.js');
    const { createParsePool } = await import('../../src/server/parsing/parse-pool.js');
    const parsing = createParsePool();
    const service = createQuotePdfService({
      db: ctx.database.db,
      templates: createQuoteTemplatesRepo(ctx.database.db),
      storage: createFileStorage(),
      settings: createSettingsRepo,
      publicUrl: 'https://hvac.example.com',
      clock: () => NOW,
      parsing,
    });
    const pdf = await service
      .generate({ jobId, quoteType: 'repair', quoteNumber: 'QT-4242-9999', token: 'Tok3nTok3nTok3nTok3n' })
      .finally(() => parsing.close());
    expect(pdf.fileName).toBe(`quote-${jobId}-repair.pdf`);
    const text = pdftotext(pdfFile(pdf.bytes, 'sent.pdf'));
    expect(text).toContain('https://hvac.example.com/quote/confirm/Tok3nTok3nTok3nTok3n?approve=true');
    expect(text).toContain('https://hvac.example.com/quote/confirm/Tok3nTok3nTok3nTok3n?approve=false');
    const doc = await PDFDocument.load(pdf.bytes);
    const uris = doc
      .getPages()
      .flatMap((page) =>
        (page.node.Annots()?.asArray() ?? []).map((ref) =>
          String((doc.context.lookup(ref) as PDFDict).lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI'))),
        ),
      );
    expect(uris).toEqual([
      '(https://hvac.example.com/quote/confirm/Tok3nTok3nTok3nTok3n?approve=true)',
      '(https://hvac.example.com/quote/confirm/Tok3nTok3nTok3nTok3n?approve=false)',
    ]);
  });

  it('with every page preserved the generated pages follow the last one', async () => {
    const two = await buildSampleTemplatePdf({ companyName: 'Summit', title: 'Inspection Quote', pages: 2 });
    await upload({ name: 'Inspection all kept', templateType: 'inspection', preservedPages: '1-2' }, two);
    const response = await preview(jobId, 'type=inspection');
    expect(response.statusCode).toBe(200);
    const out = await PDFDocument.load(response.rawPayload);
    const tpl = await PDFDocument.load(two);
    expect(contentBytes(out.getPage(0)).equals(contentBytes(tpl.getPage(0)))).toBe(true);
    expect(contentBytes(out.getPage(1)).equals(contentBytes(tpl.getPage(1)))).toBe(true);
    const text = pdftotext(pdfFile(response.rawPayload, 'inspection.pdf'), ['-f', '3']);
    expect(text).toContain('INSPECTION QUOTE');
    expect(text).toContain('Inspection Results');
    expect(text).toContain('Recommended Repairs');
    expect(text).toContain('Quote number: Preview (assigned when sent)');
  });

  it('a long job flows onto several pages and nothing is drawn off a page', async () => {
    const job = await ctx.f.job({ name: 'Campus-wide filter and belt service' });
    for (let i = 1; i <= 70; i++) {
      await ctx.f.jobItem(job.id, {
        code: `ITEM-${i}`,
        name: `Pleated filter 20x25x2 case number ${i} for air handler on floor ${i} with a long description that wraps`,
        quantity: 1,
        unitCost: '10.00',
        totalCost: '10.00',
        type: 'item',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    const response = await preview(job.id, 'type=other&quoteNumber=QT-LONG-0001&download=1');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-disposition']).toContain(`attachment; filename="quote-${job.id}-other.pdf"`);
    const file = pdfFile(response.rawPayload, 'long.pdf');
    const pages = pdfinfoPages(file);
    expect(pages).toBeGreaterThanOrEqual(5); // cover + at least 3 generated + terms
    const text = pdftotext(file);
    expect(text).toContain('ITEM-1 ');
    expect(text).toContain('ITEM-70');
    expect(text).toContain('$700.00');
    expect(text).toContain(`Page 2 of ${pages}`); // numbered within the whole quote (the cover is page 1)
    expect(text).toContain(`Page ${pages - 1} of ${pages}`);
    // Every word lies inside its page (pdftotext -bbox gives each word's box).
    const bbox = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const outside = [
      ...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
    ].filter(([, x0, y0, x1, y1]) => Number(x0) < 0 || Number(y0) < 0 || Number(x1) > 612 || Number(y1) > 792);
    expect(outside.map((m) => m[5])).toEqual([]);
  });

  it('answers the spec errors: no default template, bad id, unknown job, a technician on another job', async () => {
    await office.refused(
      'GET',
      previewUrl(jobId, 'type=replacement'),
      undefined,
      409,
      'No default PDF template found for replacement quotes. Please upload a template and set it as default.',
    );
    await office.refused('GET', previewUrl('not-a-uuid', 'type=repair'), undefined, 400, 'Invalid job ID format');
    await office.refused('GET', previewUrl(MISSING_ID, 'type=repair'), undefined, 404, 'Job not found');
    await office.refused('GET', previewUrl(jobId, 'type=bogus'), undefined, 400);
    const tech = await office.withRole('technician');
    await tech.refused('GET', previewUrl(jobId, 'type=repair'), undefined, 403);
    expect(jobNumber).toBe(4242);
  });
});

describe('demo data', () => {
  it('has a default template of each type (cover, a replaced page, terms) and a demo job previews on it', async () => {
    const { seedDemo } = await import('../../src/server/db/seed/demo.js');
    const demo = await createTestContext({ now: () => NOW });
    try {
      await seedDemo(demo.database.db, NOW);
      const api = apiClient(demo, await demo.login('demo', 'hvac-demo'));
      for (const type of ['inspection', 'repair', 'replacement']) {
        const list = (await api.call('GET', `/api/quote-templates/pdf?type=${type}`)).json();
        expect(list.items).toHaveLength(1);
        expect(list.items[0]).toMatchObject({
          templateType: type,
          isDefault: true,
          pageCount: 3,
          preservedPages: [1, 3],
        });
        const file = await api.call('GET', `/api/quote-templates/pdf/${list.items[0].id}/file`);
        const text = pdftotext(pdfFile(file.rawPayload, `demo-${type}.pdf`));
        expect(text).toContain('Summit Air Mechanical');
        expect(text).toContain('Terms and Conditions');
      }
      const { jobRepairs } = await import('../../src/server/db/schema.js');
      const [repair] = await demo.database.db.select({ jobId: jobRepairs.jobId }).from(jobRepairs).limit(1);
      const response = await api.call('GET', `/api/jobs/${repair!.jobId}/quote-preview?type=repair`);
      expect(response.statusCode).toBe(200);
      const file = pdfFile(response.rawPayload, 'demo-preview.pdf');
      expect(pdfinfoPages(file)).toBeGreaterThanOrEqual(3);
      expect(pdftotext(file)).toContain('Grand Total');
    } finally {
      await demo.close();
    }
  }, 120_000);
});
