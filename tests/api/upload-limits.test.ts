/**
 * Uploaded files are read off the event loop and within limits (decision 025): a decompression
 * bomb is refused with a 4xx and nothing stored, and the server keeps answering meanwhile.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteTemplates, storedFiles } from '../../src/server/db/schema.js';
import { createQuoteTemplatesRepo } from '../../src/server/modules/quote-templates/index.js';
import { checkPdfStreams } from '../../src/server/parsing/pdf-streams.js';
import { createParsePool, ParseLimitError } from '../../src/server/parsing/parse-pool.js';
import { buildSampleTemplatePdf } from '../../src/server/pdf/sample-template.js';
import { createFileStorage } from '../../src/server/storage/storage.js';
import { pdfBomb } from '../support/pdf-bomb.js';
import { signedOut, signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { multipart } from './quote-support.js';

const GiB = 1024 * 1024 * 1024;
const UNSAFE_PDF = 'This PDF could not be read safely';

let ctx: TestContext;
let admin: ApiClient;
let office: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  // a refused upload stores no file and no template
  admin = await signInAs(ctx, 'admin', {
    unchanged: () => tableFingerprint(ctx.database.db, ['stored_files', 'quote_templates', 'job_item_prices']),
  });
  office = await admin.withRole('user');
});
afterAll(() => ctx.close());

const storedCount = async () => (await ctx.database.db.select({ id: storedFiles.id }).from(storedFiles)).length;
const templateCount = async () => (await ctx.database.db.select({ id: quoteTemplates.id }).from(quoteTemplates)).length;

function uploadTemplate(bytes: Uint8Array) {
  const body = multipart({ name: 'Bomb', templateType: 'repair' }, { name: 'bomb.pdf', bytes });
  return office.call('POST', '/api/quote-templates/pdf', body.payload, { headers: body.headers });
}

function previewSheet(fileName: string, content: Buffer) {
  const boundary = `----limits${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return admin.call('POST', '/api/price-book/import/preview', payload, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** A 200,000-row CSV (about 3.3 MB, under the 5 MB upload cap). */
const bigCsv = () =>
  Buffer.from(['Type,Code,Name,Unit Cost', ...Array.from({ length: 200_000 }, (_, i) => `Item,B${i},,1`)].join('\n'));

/** The process's peak resident memory since the last reset (Linux: VmHWM, reset through clear_refs). */
function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}
const peakRssMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

/**
 * Asks /api/health every 50 ms until stopped. While the event loop is held, no answer comes and no
 * new question starts: the longest time between two answers (or from the start to the first and
 * from the last to the stop) is what a client waited at worst.
 */
function probeHealth() {
  let stopped = false;
  let sampledPeak = rssMb();
  let count = 0;
  let last = performance.now();
  let maxGapMs = 0;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, rssMb())), 20);
  const loop = (async () => {
    while (!stopped) {
      const response = await signedOut(ctx).call('GET', '/api/health');
      expect(response.statusCode).toBe(200);
      const now = performance.now();
      maxGapMs = Math.max(maxGapMs, now - last);
      last = now;
      count++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    maxGapMs = Math.max(maxGapMs, performance.now() - last);
    stopped = true;
    await loop;
    clearInterval(sampler);
    return { count, maxGapMs, sampledPeakMb: sampledPeak };
  };
}

describe('uploads are read off the event loop, within limits', () => {
  it('refuses a 2 GiB decompression-bomb PDF with a 4xx, stores nothing, and /api/health answers within 1 s while it and a 200,000-row sheet are read', async () => {
    const bomb = await pdfBomb(2 * GiB);
    const sheet = bigCsv();
    const [files, templates] = [await storedCount(), await templateCount()];
    // Warm up: the first upload starts the parse worker.
    await previewSheet('warm.csv', Buffer.from('Type,Code,Name,Unit Cost\nItem,WARM-1,Warm,1\n'));

    const peakReset = resetPeakRss();
    const baseline = rssMb();
    const stop = probeHealth();
    const started = performance.now();
    const timed = async <T>(promise: Promise<T>) => {
      const value = await promise;
      return { value, ms: performance.now() - started };
    };
    const [pdf, csv] = await Promise.all([timed(uploadTemplate(bomb)), timed(previewSheet('big.csv', sheet))]);
    const health = await stop();
    const growthMb = (peakReset ? peakRssMb() : health.sampledPeakMb) - baseline;
    console.info(
      `[upload-limits] bomb ${(bomb.byteLength / 1024 / 1024).toFixed(1)} MB answered ${pdf.value.statusCode} in ${Math.round(pdf.ms)} ms; ` +
        `200,000-row CSV answered ${csv.value.statusCode} in ${Math.round(csv.ms)} ms; ` +
        `/api/health ${health.count} answers, longest wait ${Math.round(health.maxGapMs)} ms; RSS growth ${Math.round(growthMb)} MB`,
    );

    expect(pdf.value.statusCode).toBe(400);
    expect(pdf.value.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { file: expect.stringContaining(UNSAFE_PDF) },
    });
    expect(pdf.value.json().error.message).toContain(UNSAFE_PDF);
    expect(csv.value.statusCode).toBe(400);
    expect(csv.value.json().error.message).toBe(
      'The file has 200,000 rows; at most 5,000 can be imported at once. Split it into smaller files.',
    );
    expect(health.count).toBeGreaterThan(1);
    expect(health.maxGapMs).toBeLessThan(1000);
    expect(growthMb).toBeLessThan(250);
    expect([await storedCount(), await templateCount()]).toEqual([files, templates]);
  }, 60_000);

  it('refuses a bomb in a page content stream too, which no reader of ours inflates but a quote would carry to customers', async () => {
    const files = await storedCount();
    const bytes = await pdfBomb(1 * GiB, 'content');
    const body = multipart({ name: 'Bomb', templateType: 'repair' }, { name: 'bomb.pdf', bytes });
    await office.refused('POST', '/api/quote-templates/pdf', body.payload, 400, new RegExp(UNSAFE_PDF), {
      headers: body.headers,
    });
    expect(await storedCount()).toBe(files);
  }, 30_000);

  it('bounds a quote made on a bomb template stored before uploads were checked: 409 with what to do, and the server keeps answering', async () => {
    const db = ctx.database.db;
    const bomb = await pdfBomb(2 * GiB);
    const stored = await createFileStorage().put(db, {
      purpose: 'quote-template',
      fileName: 'old.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from(bomb),
      createdBy: null,
    });
    await createQuoteTemplatesRepo(db).insertPdf(
      {
        name: 'Stored long ago',
        templateType: 'inspection',
        isDefault: true,
        fileName: 'old.pdf',
        storageKey: stored.key,
        fileSize: stored.size,
        pageCount: 1,
        preservedPages: [1],
        userId: null,
      },
      db,
    );
    const company = await ctx.f.company({ name: 'Bomb Test Co' });
    const location = await ctx.f.location({ companyId: company.id, name: 'Bomb site' });
    const job = await ctx.f.job({ locationId: location.id, name: 'Quote on an old template' });

    const stop = probeHealth();
    const preview = await office.call('GET', `/api/jobs/${job.id}/quote-preview?type=inspection`);
    const health = await stop();
    expect(preview.statusCode).toBe(409);
    expect(preview.json().error.message).toBe(
      'No PDF could be generated. Please try again. The default PDF template for inspection quotes could not be read. Please upload a valid PDF template and set it as default.',
    );
    expect(health.maxGapMs).toBeLessThan(1000);
  }, 30_000);
});

describe('the pieces', () => {
  it('counts what FlateDecode streams inflate to and refuses past the budgets, or object streams a reader would decode with another filter', async () => {
    const sample = await buildSampleTemplatePdf({ companyName: 'Test Air', title: 'Repair Quote', pages: 3 });
    expect(await checkPdfStreams(sample)).toMatchObject({ ok: true });
    expect(await checkPdfStreams(await pdfBomb(64 * 1024 * 1024))).toEqual({ ok: false, reason: 'too-large' });
    expect(await checkPdfStreams(await pdfBomb(64 * 1024 * 1024, 'content'))).toMatchObject({
      ok: true,
      inflatedBytes: expect.any(Number),
    });
    expect(
      await checkPdfStreams(await pdfBomb(64 * 1024 * 1024, 'content'), {
        total: 16 * 1024 * 1024,
        objectStream: 1024,
      }),
    ).toEqual({ ok: false, reason: 'too-large' });
    const lzw = Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /LZWDecode /Length 3 >>\nstream\nabc\nendstream\nendobj\n',
    );
    expect(await checkPdfStreams(lzw)).toEqual({ ok: false, reason: 'unsupported-filter' });
    // Hiding the bomb: its type spelled with #xx, or a string that looks like a stream start before it.
    const bomb = Buffer.from(await pdfBomb(64 * 1024 * 1024));
    const escaped = Buffer.from(bomb.toString('latin1').replace('/Type /ObjStm', '/Type /Obj#53tm'), 'latin1');
    expect(await checkPdfStreams(escaped)).toEqual({ ok: false, reason: 'too-large' });
    const decoy = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n(<< >> stream)\nendobj\n'), bomb]);
    expect(await checkPdfStreams(decoy)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('stops a job past its deadline (its worker terminated) with a ParseLimitError; a pool within limits reads the same file', async () => {
    const pool = createParsePool({ timeoutMs: 1 });
    try {
      const sample = await buildSampleTemplatePdf({ companyName: 'Test Air', title: 'Repair Quote', pages: 1 });
      await expect(pool.run('pdf-template', { bytes: sample })).rejects.toEqual(new ParseLimitError('timeout'));
    } finally {
      await pool.close();
    }
    const roomy = createParsePool();
    try {
      const sample = await buildSampleTemplatePdf({ companyName: 'Test Air', title: 'Repair Quote', pages: 2 });
      expect(await roomy.run('pdf-template', { bytes: sample })).toEqual({ pageCount: 2 });
    } finally {
      await roomy.close();
    }
  }, 30_000);
});
