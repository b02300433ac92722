import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteTemplates, storedFiles } from '../../src/server/db/schema.js';
import { buildSampleTemplatePdf } from '../../src/server/pdf/sample-template.js';
import { NUL_FIELD_MESSAGE } from '../../src/server/plugins/input-guard.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { encryptedPdf, multipart } from './quote-support.js';

let ctx: TestContext;
let admin: ApiClient;
let office: ApiClient;
let tech: ApiClient;
let threePages: Uint8Array;

beforeAll(async () => {
  ctx = await createTestContext();
  // a refusal stores no file and changes no template
  admin = await signInAs(ctx, 'admin', {
    unchanged: () => tableFingerprint(ctx.database.db, ['quote_templates', 'stored_files']),
  });
  office = await admin.withRole('user');
  tech = await admin.withRole('technician');
  threePages = await buildSampleTemplatePdf({ companyName: 'Test Air', title: 'Repair Quote', pages: 3 });
});
afterAll(() => ctx.close());

type TemplateFile = { name: string; type?: string; bytes: Uint8Array };
function upload(api: ApiClient, fields: Record<string, string>, file?: TemplateFile) {
  const body = multipart(fields, file);
  return api.call('POST', '/api/quote-templates/pdf', body.payload, { headers: body.headers });
}
/** An upload that must be refused with `status` (and `message`), storing nothing: its error body. */
function refusedUpload(
  api: ApiClient,
  fields: Record<string, string>,
  file: TemplateFile | undefined,
  status: number,
  message?: string | RegExp,
) {
  const body = multipart(fields, file);
  return api.refused('POST', '/api/quote-templates/pdf', body.payload, status, message, { headers: body.headers });
}

const storedCount = async () => (await ctx.database.db.select({ id: storedFiles.id }).from(storedFiles)).length;
const templateCount = async () => (await ctx.database.db.select({ id: quoteTemplates.id }).from(quoteTemplates)).length;

describe('PDF template upload rules', () => {
  it('stores a real PDF with its page count, parsed preserved pages and the uploader; the first of a type becomes its default', async () => {
    const response = await upload(
      office,
      { name: 'Summit repair', templateType: 'repair', preservedPages: '3, 1, x, 0, 1' },
      { name: 'summit.pdf', bytes: threePages },
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Summit repair',
      templateType: 'repair',
      isDefault: true,
      fileName: 'summit.pdf',
      pageCount: 3,
      preservedPages: [1, 3],
      fileSize: threePages.byteLength,
    });
    expect(body.uploadedBy.id).toBeTruthy();
    const [row] = await ctx.database.db.select().from(quoteTemplates).where(eq(quoteTemplates.id, body.id));
    expect(row!.userId).toBe(body.uploadedBy.id);
    // The bytes are in the shared storage and come back unchanged.
    const file = await tech.call('GET', `/api/quote-templates/pdf/${body.id}/file?download=1`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="summit.pdf"');
    expect(Buffer.compare(file.rawPayload, Buffer.from(threePages))).toBe(0);
  });

  it.each([
    [
      'a text file renamed .pdf',
      { name: 'notes.pdf', bytes: new TextEncoder().encode('Just some notes, not a PDF at all.\n') },
      400,
      'Please select a valid PDF file',
    ],
    [
      'a PDF header with garbage after it',
      { name: 'broken.pdf', bytes: new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf') },
      400,
      'Please select a valid PDF file',
    ],
    ['no file', undefined, 400, 'Please select a PDF file'],
  ])('refuses %s and stores nothing', async (_label, file, status, message) => {
    const [files, templates] = [await storedCount(), await templateCount()];
    const response = await refusedUpload(
      admin,
      { name: 'Bad', templateType: 'repair' },
      file as TemplateFile | undefined,
      status as number,
    );
    expect(response.error.message).toContain(message);
    expect([await storedCount(), await templateCount()]).toEqual([files, templates]);
  });

  it('refuses a file over 10 MB while it streams in', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const files = await storedCount();
    const response = await refusedUpload(
      admin,
      { name: 'Big', templateType: 'repair' },
      { name: 'big.pdf', bytes: big },
      413,
    );
    expect(response.error.message).toBe('The PDF is larger than 10MB. Please select a smaller PDF file.');
    expect(await storedCount()).toBe(files);
  });

  it('refuses an encrypted PDF with a message', async () => {
    const response = await refusedUpload(
      admin,
      { name: 'Locked', templateType: 'repair' },
      { name: 'locked.pdf', bytes: await encryptedPdf() },
      400,
    );
    expect(response.error.message).toBe(
      'This PDF is password-protected (encrypted). Remove the protection and upload it again.',
    );
  });

  it('refuses an unknown template type with a message that names the types', async () => {
    const response = await refusedUpload(
      admin,
      { name: 'Odd', templateType: 'bogus' },
      { name: 'odd.pdf', bytes: threePages },
      400,
    );
    expect(response.error.fields?.templateType).toBe(
      'Template type must be inspection, repair or replacement (or empty for every type)',
    );
  });

  it('requires a name', async () => {
    const response = await refusedUpload(
      admin,
      { name: '  ', templateType: 'repair' },
      { name: 'a.pdf', bytes: threePages },
      400,
    );
    expect(response.error).toMatchObject({
      message: 'Template name is required',
      fields: { name: 'Template name is required' },
    });
  });

  it('refuses preserved pages beyond the page count', async () => {
    const response = await refusedUpload(
      admin,
      { name: 'Too many', templateType: 'repair', preservedPages: '1, 4-5' },
      { name: 'a.pdf', bytes: threePages },
      400,
    );
    expect(response.error).toMatchObject({
      message: 'This PDF has 3 pages; preserved pages 4, 5 do not exist',
      fields: { preservedPages: expect.any(String) },
    });
  });

  it('keeps page 1 when the preserved pages are empty or junk', async () => {
    const response = await upload(
      admin,
      { name: 'Junk pages', templateType: 'inspection', preservedPages: 'abc, -3' },
      { name: 'a.pdf', bytes: threePages },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().preservedPages).toEqual([1]);
  });

  it.each([
    ['the name field', { name: 'Summit\u0000repair', templateType: 'repair' }, 'x.pdf', 'name'],
    [
      'another text field',
      { name: 'Summit', templateType: 'repair', preservedPages: '1\u0000' },
      'x.pdf',
      'preservedPages',
    ],
    ['the file name', { name: 'Summit', templateType: 'repair' }, 'sum\u0000mit.pdf', 'file'],
  ])(
    'answers 400 naming the field for a NUL character in %s (multipart goes through the input guard) and stores nothing',
    async (_label, fields, fileName, field) => {
      const [files, templates] = [await storedCount(), await templateCount()];
      const response = await refusedUpload(office, fields, { name: fileName, bytes: threePages }, 400);
      expect(response.error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: NUL_FIELD_MESSAGE } });
      expect([await storedCount(), await templateCount()]).toEqual([files, templates]);
    },
  );

  it('refuses a non-multipart request', async () => {
    await admin.refused('POST', '/api/quote-templates/pdf', { name: 'x' }, 415);
  });
});

describe('lists, default switching and delete', () => {
  it('lists a type with the templates for every type; switching the default leaves exactly one; delete removes the file', async () => {
    const a = (
      await upload(
        admin,
        { name: 'Alpha replacement', templateType: 'replacement' },
        { name: 'a.pdf', bytes: threePages },
      )
    ).json();
    const b = (
      await upload(
        admin,
        { name: 'Beta replacement', templateType: 'replacement' },
        { name: 'b.pdf', bytes: threePages },
      )
    ).json();
    const all = (
      await upload(admin, { name: 'Company-wide', templateType: '' }, { name: 'all.pdf', bytes: threePages })
    ).json();
    expect([a.isDefault, b.isDefault, all.templateType]).toEqual([true, false, null]);

    const list = await tech.call('GET', '/api/quote-templates/pdf?type=replacement');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((t: { name: string }) => t.name)).toEqual([
      'Alpha replacement',
      'Beta replacement',
      'Company-wide',
    ]);
    const inspection = (await tech.call('GET', '/api/quote-templates/pdf?type=inspection')).json();
    expect(inspection.items.map((t: { name: string }) => t.name)).toContain('Company-wide');

    const use = await office.call('POST', `/api/quote-templates/pdf/${b.id}/default`);
    expect(use.statusCode).toBe(200);
    expect(use.json().isDefault).toBe(true);
    const defaults = (await office.call('GET', '/api/quote-templates/pdf?type=replacement'))
      .json()
      .items.filter(
        (t: { isDefault: boolean; templateType: string | null }) => t.isDefault && t.templateType === 'replacement',
      );
    expect(defaults.map((t: { id: string }) => t.id)).toEqual([b.id]);

    // Two "Use Template" at once still end with one default.
    await Promise.all([
      office.call('POST', `/api/quote-templates/pdf/${a.id}/default`),
      office.call('POST', `/api/quote-templates/pdf/${b.id}/default`),
    ]);
    const rows = await ctx.database.db
      .select()
      .from(quoteTemplates)
      .where(eq(quoteTemplates.templateType, 'replacement'));
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);

    const [row] = await ctx.database.db.select().from(quoteTemplates).where(eq(quoteTemplates.id, a.id));
    const del = await office.call('DELETE', `/api/quote-templates/pdf/${a.id}`);
    expect(del.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, row!.storageKey!))).toEqual([]);
    expect((await office.call('GET', `/api/quote-templates/pdf/${a.id}`)).json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'PDF template not found' },
    });
  });

  it("a tab marks one Default, the template its quotes print on; Use Template on a template for every type takes that tab's type over", async () => {
    const defaultsOn = async (type: string) =>
      (await office.call('GET', `/api/quote-templates/pdf?type=${type}`))
        .json()
        .items.filter((t: { isDefault: boolean }) => t.isDefault)
        .map((t: { name: string }) => t.name);
    const own = (
      await upload(
        admin,
        { name: 'Inspection own', templateType: 'inspection' },
        { name: 'own.pdf', bytes: threePages },
      )
    ).json();
    const repair = (
      await upload(admin, { name: 'Repair own', templateType: 'repair' }, { name: 'repair.pdf', bytes: threePages })
    ).json();
    const every = (
      await upload(admin, { name: 'Every type', templateType: '' }, { name: 'every.pdf', bytes: threePages })
    ).json();
    for (const id of [own.id, repair.id, every.id]) {
      expect((await office.call('POST', `/api/quote-templates/pdf/${id}/default`)).statusCode).toBe(200);
    }
    // The type's own default wins: the every-type default is not a second "Default" on the tab.
    expect(await defaultsOn('inspection')).toEqual(['Inspection own']);

    const use = await office.call('POST', `/api/quote-templates/pdf/${every.id}/default?type=inspection`);
    expect(use.statusCode).toBe(200);
    expect(await defaultsOn('inspection')).toEqual(['Every type']);
    const inspectionDefaults = await ctx.database.db
      .select()
      .from(quoteTemplates)
      .where(eq(quoteTemplates.templateType, 'inspection'));
    expect(inspectionDefaults.filter((r) => r.isDefault)).toEqual([]);
    // Another type keeps its own default.
    expect(await defaultsOn('repair')).toEqual(['Repair own']);

    await office.refused(
      'POST',
      `/api/quote-templates/pdf/${every.id}/default?type=other`,
      undefined,
      400,
      'Template type must be inspection, repair or replacement',
    );
  });

  it('answers the empty text of a tab', async () => {
    const other = await createTestContext();
    try {
      const api = await signInAs(other, 'user');
      const response = await api.call('GET', '/api/quote-templates/pdf');
      expect(response.json()).toEqual({
        items: [],
        emptyText: 'No PDF templates found for repair quotes. Upload your first PDF template to get started.',
      });
    } finally {
      await other.close();
    }
  });
});

describe('roles', () => {
  it('technicians read templates but cannot upload, switch the default or delete', async () => {
    const [first] = (await tech.call('GET', '/api/quote-templates/pdf?type=repair')).json().items;
    await refusedUpload(tech, { name: 'Nope', templateType: 'repair' }, { name: 'a.pdf', bytes: threePages }, 403);
    await tech.refused('POST', `/api/quote-templates/pdf/${first.id}/default`, undefined, 403);
    await tech.refused('DELETE', `/api/quote-templates/pdf/${first.id}`, undefined, 403);
    expect((await tech.call('GET', `/api/quote-templates/pdf/${first.id}`)).statusCode).toBe(200);
    const manager = await tech.withRole('manager');
    expect((await manager.call('POST', `/api/quote-templates/pdf/${first.id}/default`)).statusCode).toBe(200);
  });
});

describe('e-mail templates', () => {
  const content = {
    subject: 'Quote {quoteNumber}',
    greeting: 'Hello {customerName},',
    introText: 'Here is your quote.',
    approvalText: 'Please decide.',
    approveButtonText: 'Yes',
    denyButtonText: 'No',
    approvalNote: 'Approving lets us start.',
    denialNote: 'Declining costs $180.00.',
    closingText: 'Thanks.',
    signature: 'Summit',
  };

  it('starts with the built-in repair wording as the default', async () => {
    const response = await tech.call('GET', '/api/quote-templates/email/default?type=repair');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: null,
      builtIn: true,
      isDefault: true,
      approveButtonText: 'Approve Repairs',
      denyButtonText: 'Deny Repairs',
    });
    expect(response.json().denialNote).toContain('$180.00');
  });

  it('creates, edits, switches the default and deletes; every field is required', async () => {
    const missing = await office.refused(
      'POST',
      '/api/quote-templates/email',
      { name: 'X', templateType: 'repair', ...content, signature: '' },
      400,
    );
    expect(missing.error.fields).toEqual({ signature: 'Signature is required' });

    const first = await office.call('POST', '/api/quote-templates/email', {
      name: 'Short',
      templateType: 'repair',
      ...content,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ isDefault: true, builtIn: false, subject: 'Quote {quoteNumber}' });
    const second = (
      await office.call('POST', '/api/quote-templates/email', { name: 'Long', templateType: 'repair', ...content })
    ).json();
    expect(second.isDefault).toBe(false);

    const edited = await office.call('PUT', `/api/quote-templates/email/${second.id}`, {
      name: 'Long',
      templateType: 'repair',
      ...content,
      closingText: 'Thank you!',
    });
    expect(edited.json().closingText).toBe('Thank you!');
    await office.call('POST', `/api/quote-templates/email/${second.id}/default`);
    expect((await office.call('GET', '/api/quote-templates/email/default?type=repair')).json().id).toBe(second.id);
    const list = (await office.call('GET', '/api/quote-templates/email?type=repair')).json();
    expect(list.items.map((t: { name: string; isDefault: boolean }) => [t.name, t.isDefault])).toEqual([
      ['Long', true],
      ['Short', false],
    ]);

    await tech.refused('POST', '/api/quote-templates/email', { name: 'T', templateType: 'repair', ...content }, 403);
    expect((await office.call('DELETE', `/api/quote-templates/email/${first.json().id}`)).statusCode).toBe(204);
  });
});
