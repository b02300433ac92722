import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { priceBookFingerprint } from '../support/db-fingerprint.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let admin: ApiClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'admin', { unchanged: () => priceBookFingerprint(ctx.database.db) });
});
afterAll(() => ctx.close());

/** A multipart/form-data body with one file in the field "file". */
function multipart(fileName: string, content: Buffer | string, contentType = 'application/octet-stream') {
  const boundary = `----pricebook${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importUrl = (step: 'preview' | 'apply') =>
  step === 'preview' ? '/api/price-book/import/preview' : '/api/price-book/import';
const upload = (step: 'preview' | 'apply', fileName: string, content: Buffer | string, api = admin) => {
  const body = multipart(fileName, content);
  return api.call('POST', importUrl(step), body.payload, { headers: body.headers });
};

async function snapshot() {
  return queryRows<Record<string, string>>(
    ctx.database.db,
    sql`select 'part' as t, code, name, unit_cost::text, updated_at::text from job_part_prices
        union all select 'labor', code, name, unit_cost::text, updated_at::text from job_labor_prices
        union all select 'item', code, name, unit_cost::text, updated_at::text from job_item_prices
        order by 1, 2`,
  );
}

const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
const HEADER =
  'Type,Code,Name,Description,Service Line,Unit Cost,Parts Cost,Estimated Hours,Complexity,Labor Rate,Multi Technician,Truck Fee,Roof Access,Roof Access Fee,Skill Level,Duration Hours,Overtime,Emergency,Category,Taxable';

describe('import: a good file', () => {
  const file = csv([
    HEADER,
    'Part,IMP-P1,Contactor 2 pole,,HVACGEN,,100,1,1,60,No,10,Yes,75,,,,,,',
    'Labor,IMP-L1,Senior technician hour,"After hours, per hour",REFR,$145.00,,,,,,,,,Senior,1.5,Yes,No,,',
    'Item,IMP-I1,Disposal fee,,Inspection,35,,,,,,,,,,,,,Fees,No',
    'item,IMP-I2,Defaults item,,,12.5,,,,,,,,,,,,,,',
  ]);

  it('previews each row as new, with the unit cost it will have, and writes nothing', async () => {
    const before = await priceBookFingerprint(ctx.database.db);
    const response = await upload('preview', 'prices.csv', file);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview.counts).toEqual({ new: 4, changed: 0, unchanged: 0, invalid: 0 });
    expect(
      preview.rows.map((r: { rowNumber: number; code: string; status: string; unitCostCents: number }) => [
        r.rowNumber,
        r.code,
        r.status,
        r.unitCostCents,
      ]),
    ).toEqual([
      [2, 'IMP-P1', 'new', 33100], // 100 + 60 + 10 + 75 = 245 x 1.35 = 330.75 -> 331
      [3, 'IMP-L1', 'new', 14500],
      [4, 'IMP-I1', 'new', 3500],
      [5, 'IMP-I2', 'new', 1250],
    ]);
    expect(preview.rows[0]).not.toHaveProperty('create');
    expect(await priceBookFingerprint(ctx.database.db)).toEqual(before);
  });

  it('imports them in one go, with defaults for blank cells and service lines by code or name', async () => {
    const response = await upload('apply', 'prices.csv', file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ fileName: 'prices.csv', created: 4, updated: 0, unchanged: 0, skipped: 0 });
    const list = (await admin.call('GET', '/api/price-book?q=IMP-')).json();
    const byCode = Object.fromEntries(list.items.map((r: { code: string }) => [r.code, r]));
    expect(byCode['IMP-P1']).toMatchObject({
      kind: 'part',
      includeRoofAccess: true,
      totalBaseCostCents: 24500,
      unitCostCents: 33100,
      flatRatePmContractCents: 29800,
    });
    expect(byCode['IMP-L1']).toMatchObject({
      kind: 'labor',
      skillLevel: 'senior',
      durationHours: 1.5,
      isOvertime: true,
      isEmergency: false,
      serviceLine: 'REFR',
      description: 'After hours, per hour',
    });
    expect(byCode['IMP-I1']).toMatchObject({ kind: 'item', serviceLine: 'INSP', category: 'Fees', isTaxable: false });
    expect(byCode['IMP-I2']).toMatchObject({
      kind: 'item',
      serviceLine: 'HVACGEN',
      category: 'General',
      isTaxable: true,
    });
  });

  it('then sees the same file as unchanged, and a changed price as changed with what changes', async () => {
    const again = (await upload('preview', 'prices.csv', file)).json();
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 4, invalid: 0 });

    const edited = csv([HEADER, 'Labor,imp-l1,,,,150,,,,,,,,,,,,,,', 'Part,IMP-P1,,,,,120,,,,,,,,,,,,,']);
    const preview = (await upload('preview', 'edited.csv', edited)).json();
    expect(preview.counts).toEqual({ new: 0, changed: 2, unchanged: 0, invalid: 0 });
    expect(preview.rows[0].changes).toEqual(['Unit Cost: $145.00 -> $150.00']);
    expect(preview.rows[0].notes).toEqual(['Matches the existing code IMP-L1']);
    // 120 + 60 + 10 + 75 = 265 x 1.35 = 357.75 -> 358
    expect(preview.rows[1].changes).toEqual(['Parts Cost: $100.00 -> $120.00', 'Unit Cost: $331.00 -> $358.00']);

    const applied = (await upload('apply', 'edited.csv', edited)).json();
    expect(applied).toMatchObject({ created: 0, updated: 2, unchanged: 0, skipped: 0 });
    const [labor] = await queryRows<{ code: string; name: string; unit_cost: string; skill_level: string }>(
      ctx.database.db,
      sql`select code, name, unit_cost::text, skill_level from job_labor_prices where code = 'IMP-L1'`,
    );
    // blank cells kept the existing name and skill level; the code keeps its stored case
    expect(labor).toEqual({
      code: 'IMP-L1',
      name: 'Senior technician hour',
      unit_cost: '150.00',
      skill_level: 'senior',
    });
  });

  it('reads an .xlsx, and an export of the price book imports back as unchanged', async () => {
    const exported = await admin.call('GET', '/api/price-book/export?q=IMP-');
    const preview = (await upload('preview', 'price-book.xlsx', exported.rawPayload)).json();
    expect(preview.counts).toEqual({ new: 0, changed: 0, unchanged: 4, invalid: 0 });
    expect(preview.ignoredColumns).toEqual([]);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['type', 'code', 'name', 'unit_cost', 'category']);
    sheet.addRow(['Item', 'IMP-X1', 'From Excel', 19.99, 'Materials']);
    sheet.addRow([
      'Item',
      'IMP-X2',
      { richText: [{ text: 'Rich ' }, { text: 'name' }] },
      { formula: '10*2', result: 20 },
      null,
    ]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const applied = (await upload('apply', 'new-items.xlsx', buffer)).json();
    expect(applied).toMatchObject({ created: 2, skipped: 0 });
    const rows = await queryRows<{ code: string; name: string; unit_cost: string }>(
      ctx.database.db,
      sql`select code, name, unit_cost::text from job_item_prices where code like 'IMP-X%' order by code`,
    );
    expect(rows).toEqual([
      { code: 'IMP-X1', name: 'From Excel', unit_cost: '19.99' },
      { code: 'IMP-X2', name: 'Rich name', unit_cost: '20.00' },
    ]);
  });
});

describe('import: bad rows are listed with the reason and skipped; the good ones are applied', () => {
  const file = csv([
    HEADER,
    'Widget,BAD-1,Unknown type,,,5,,,,,,,,,,,,,,',
    ',BAD-2,No type,,,5,,,,,,,,,,,,,,',
    'Item,,No code,,,5,,,,,,,,,,,,,,',
    'Labor,BAD-3,Zero labor,,,0,,,,,,,,,,,,,,',
    'Part,BAD-4,Low complexity,,,,10,1,0.05,,,,,,,,,,,',
    'Labor,BAD-5,Short labor,,,50,,,,,,,,,,0.05,,,,',
    'Item,BAD-6,Bad number,,,twelve,,,,,,,,,,,,,,',
    'Item,BAD-7,Bad boolean,,,5,,,,,,,,,,,,,,maybe',
    'Item,BAD-8,Unknown line,,NOWHERE,5,,,,,,,,,,,,,,',
    'Labor,BAD-9,,,,50,,,,,,,,,,,,,,',
    'Labor,BAD-10,Guru,,,50,,,,,,,,,Guru,,,,,',
    'Item,OK-1,Good item,,,5,,,,,,,,,,,,,,',
    'Item,ok-1,Same code again,,,6,,,,,,,,,,,,,,',
    'Part,OK-2,Good part,,,999,5,,,,,,,,,,,,,',
  ]);

  it('previews the reasons, row by row', async () => {
    const preview = (await upload('preview', 'bad.csv', file)).json();
    const reasons = Object.fromEntries(
      preview.rows.map((r: { rowNumber: number; reasons: string[]; status: string }) => [
        r.rowNumber,
        r.status === 'invalid' ? r.reasons : r.status,
      ]),
    );
    expect(reasons).toEqual({
      2: ['Type must be Part, Labor or Item, not "Widget"'],
      3: ['Type is required (Part, Labor or Item)'],
      4: ['Code is required'],
      5: ['Unit cost must be greater than 0'],
      6: ['Complexity must be at least 0.1'],
      7: ['Duration must be at least 0.1 hours'],
      8: ['Unit Cost must be a number, not "twelve"'],
      9: ['Taxable must be Yes or No, not "maybe"'],
      10: ['Unknown service line "NOWHERE"'],
      11: ['Name is required'],
      12: ['Skill level must be Helper, Standard, Senior or Master'],
      13: 'new',
      14: ['The item code ok-1 is already on row 13 of this file'],
      15: 'new',
    });
    expect(preview.counts).toEqual({ new: 2, changed: 0, unchanged: 0, invalid: 12 });
    expect(preview.rows.find((r: { code: string }) => r.code === 'OK-2').notes).toEqual([
      'Unit Cost $999.00 is ignored for parts: the flat-rate formula sets it',
    ]);
  });

  it('applies only the valid rows', async () => {
    const before = await snapshot();
    const applied = (await upload('apply', 'bad.csv', file)).json();
    expect(applied).toEqual({ fileName: 'bad.csv', created: 2, updated: 0, unchanged: 0, skipped: 12 });
    const after = await snapshot();
    expect(after.length).toBe(before.length + 2);
    expect(after.filter((r) => r.code!.startsWith('BAD-'))).toEqual([]);
  });
});

describe('import: files that are refused whole, changing nothing', () => {
  const cases: {
    name: string;
    fileName: string;
    content: () => Buffer | Promise<Buffer>;
    status: number;
    message: string | RegExp;
  }[] = [
    {
      name: 'a PDF named .xlsx',
      fileName: 'prices.xlsx',
      content: () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000)]),
      status: 415,
      message: /^The file is named .xlsx but is not an Excel spreadsheet/,
    },
    {
      name: 'binary data named .csv',
      fileName: 'prices.csv',
      content: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), randomBytes(500)]),
      status: 415,
      message: /^The file is named .csv but is not text/,
    },
    {
      name: 'an image',
      fileName: 'photo.png',
      content: () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      status: 415,
      message: 'The file is not a spreadsheet. Choose an .xlsx or .csv file with a header row.',
    },
    {
      name: 'an old .xls',
      fileName: 'old.xls',
      content: () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      status: 415,
      message: 'This is an old Excel (.xls) file. Save it as .xlsx or .csv and try again.',
    },
    {
      name: 'a zip that is not a workbook',
      fileName: 'prices.xlsx',
      content: () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(300)]),
      status: 400,
      message: 'The .xlsx file is damaged or incomplete. Save it again and retry.',
    },
    {
      name: 'an empty file',
      fileName: 'empty.csv',
      content: () => Buffer.alloc(0),
      status: 400,
      message: 'The file is empty',
    },
    {
      name: 'a header row only',
      fileName: 'header.csv',
      content: () => Buffer.from(`${HEADER}\r\n`),
      status: 400,
      message: 'The file has no rows to import below its header row',
    },
    {
      name: 'no Type and Code columns',
      fileName: 'noheader.csv',
      content: () => Buffer.from('Item,Price\r\nFilter,5\r\n'),
      status: 400,
      message: /^The first row must be a header row with at least the columns Type and Code/,
    },
    {
      name: 'an unclosed quote',
      fileName: 'quote.csv',
      content: () => Buffer.from('Type,Code,Name\r\nItem,Q-1,"never closed\r\n'),
      status: 400,
      message: 'The CSV file has a quote that is never closed (the record starting on line 2).',
    },
    {
      name: 'more than 5,000 rows',
      fileName: 'many.csv',
      content: () =>
        Buffer.from(
          ['Type,Code,Name,Unit Cost', ...Array.from({ length: 5001 }, (_, i) => `Item,MANY-${i},Many ${i},1`)].join(
            '\n',
          ),
        ),
      status: 400,
      message: 'The file has 5,001 rows; at most 5,000 can be imported at once. Split it into smaller files.',
    },
    {
      name: 'a file over 5 MB',
      fileName: 'huge.csv',
      content: () => Buffer.concat([Buffer.from('Type,Code,Name\n'), Buffer.alloc(5 * 1024 * 1024 + 10, 'a')]),
      status: 413,
      message: 'The file is larger than 5 MB. Split it into smaller files and import each.',
    },
  ];

  it.each(cases)('$name', async ({ fileName, content, status, message }) => {
    const before = await priceBookFingerprint(ctx.database.db);
    for (const step of ['preview', 'apply'] as const) {
      const body = multipart(fileName, await content());
      await admin.refused('POST', importUrl(step), body.payload, status, message, { headers: body.headers });
    }
    expect(await priceBookFingerprint(ctx.database.db)).toEqual(before);
  });

  it('refuses a request that is not an upload, or has no file', async () => {
    await admin.refused(
      'POST',
      '/api/price-book/import',
      { rows: [] },
      415,
      'Send the spreadsheet as a multipart/form-data upload in a field named "file"',
    );
    const boundary = 'xyz';
    await admin.refused(
      'POST',
      '/api/price-book/import/preview',
      `--${boundary}--\r\n`,
      400,
      'Choose a spreadsheet to import',
      {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
    );
  });

  it('is for admins and managers only', async () => {
    const technician = await admin.withRole('technician');
    const before = await priceBookFingerprint(ctx.database.db);
    for (const step of ['preview', 'apply'] as const) {
      const body = multipart('x.csv', csv(['Type,Code,Name,Unit Cost', 'Item,TECH-1,Tech,5']));
      await technician.refused('POST', importUrl(step), body.payload, 403, undefined, { headers: body.headers });
    }
    expect(await priceBookFingerprint(ctx.database.db)).toEqual(before);
  });
});

describe('import: applying checks every row again against the price book as it is now', () => {
  it('updates a code someone added after the preview instead of failing on it', async () => {
    const file = csv(['Type,Code,Name,Unit Cost', 'Item,LATE-1,Imported name,7']);
    expect((await upload('preview', 'late.csv', file)).json().rows[0].status).toBe('new');
    await ctx.f.itemPrice({ code: 'LATE-1', name: 'Added meanwhile', unitCost: '3.00' });
    const applied = (await upload('apply', 'late.csv', file)).json();
    expect(applied).toMatchObject({ created: 0, updated: 1 });
    const [row] = await queryRows<{ name: string; unit_cost: string }>(
      ctx.database.db,
      sql`select name, unit_cost::text from job_item_prices where code = 'LATE-1'`,
    );
    expect(row).toEqual({ name: 'Imported name', unit_cost: '7.00' });
  });

  it('applies nothing when a write fails part-way (one transaction)', async () => {
    // A row the analysis accepts but the database refuses (as if something changed between the
    // analysis's read and the write), simulated by a check the database gets for this test only.
    await ctx.database.db.execute(
      sql`alter table job_item_prices add constraint test_no_poison check (name <> 'Poison')`,
    );
    try {
      await ctx.f.itemPrice({ code: 'TX-0', name: 'Existing', unitCost: '4.00' });
      const before = await priceBookFingerprint(ctx.database.db);
      // The new rows are inserted first; the update that renames TX-0 then fails: nothing may stay.
      const file = csv(['Type,Code,Name,Unit Cost', 'Item,TX-1,Fine,5', 'Part,TX-2,Fine part,', 'Item,TX-0,Poison,5']);
      const response = await upload('apply', 'tx.csv', file);
      expect(response.statusCode).toBe(400);
      expect(await priceBookFingerprint(ctx.database.db)).toEqual(before);
    } finally {
      await ctx.database.db.execute(sql`alter table job_item_prices drop constraint test_no_poison`);
    }
  });
});
