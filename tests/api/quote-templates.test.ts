import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteTemplates, storedFiles } from '../../src/server/db/schema.js';
import { buildSampleTemplatePdf } from '../../src/server/pdf/sample-template.js';
import { NUL_FIELD_MESSAGE } from '../../src/server/plugins/input-guard.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { encryptedPdf, multipart } from './quote-support.js';

let ctx: TestContext;
let admin: string;
let office: string;
let tech: string;
let threePages: Uint8Array;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.loginAs('admin')).cookie;
  office = (await ctx.loginAs('user')).cookie;
  tech = (await ctx.loginAs('technician')).cookie;
  threePages = await buildSampleTemplatePdf({ companyName: 'Test Air', title: 'Repair Quote', pages: 3 });
});
afterAll(() => ctx.close());

async function upload(
  cookie: string,
  fields: Record<string, string>,
  file?: { name: string; type?: string; bytes: Uint8Array },
) {
  const body = multipart(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/quote-templates/pdf',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
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
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/quote-templates/pdf/${body.id}/file?download=1`,
      headers: { cookie: tech },
    });
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
    const response = await upload(
      admin,
      { name: 'Bad', templateType: 'repair' },
      file as { name: string; bytes: Uint8Array } | undefined,
    );
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toContain(message);
    expect([await storedCount(), await templateCount()]).toEqual([files, templates]);
  });

  it('refuses a file over 10 MB while it streams in', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const files = await storedCount();
    const response = await upload(admin, { name: 'Big', templateType: 'repair' }, { name: 'big.pdf', bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('The PDF is larger than 10MB. Please select a smaller PDF file.');
    expect(await storedCount()).toBe(files);
  });

  it('refuses an encrypted PDF with a message', async () => {
    const response = await upload(
      admin,
      { name: 'Locked', templateType: 'repair' },
      { name: 'locked.pdf', bytes: await encryptedPdf() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'This PDF is password-protected (encrypted). Remove the protection and upload it again.',
    );
  });

  it('refuses an unknown template type with a message that names the types', async () => {
    const response = await upload(
      admin,
      { name: 'Odd', templateType: 'bogus' },
      { name: 'odd.pdf', bytes: threePages },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.templateType).toBe(
      'Template type must be inspection, repair or replacement (or empty for every type)',
    );
  });

  it('requires a name', async () => {
    const response = await upload(admin, { name: '  ', templateType: 'repair' }, { name: 'a.pdf', bytes: threePages });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: 'Template name is required',
      fields: { name: 'Template name is required' },
    });
  });

  it('refuses preserved pages beyond the page count', async () => {
    const response = await upload(
      admin,
      { name: 'Too many', templateType: 'repair', preservedPages: '1, 4-5' },
      { name: 'a.pdf', bytes: threePages },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
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
      const response = await upload(office, fields, { name: fileName, bytes: threePages });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: NUL_FIELD_MESSAGE } });
      expect([await storedCount(), await templateCount()]).toEqual([files, templates]);
    },
  );

  it('refuses a non-multipart request', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/quote-templates/pdf',
      headers: { cookie: admin },
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(415);
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

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/quote-templates/pdf?type=replacement',
      headers: { cookie: tech },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((t: { name: string }) => t.name)).toEqual([
      'Alpha replacement',
      'Beta replacement',
      'Company-wide',
    ]);
    const inspection = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/quote-templates/pdf?type=inspection',
        headers: { cookie: tech },
      })
    ).json();
    expect(inspection.items.map((t: { name: string }) => t.name)).toContain('Company-wide');

    const use = await ctx.app.inject({
      method: 'POST',
      url: `/api/quote-templates/pdf/${b.id}/default`,
      headers: { cookie: office },
    });
    expect(use.statusCode).toBe(200);
    expect(use.json().isDefault).toBe(true);
    const defaults = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/quote-templates/pdf?type=replacement',
        headers: { cookie: office },
      })
    )
      .json()
      .items.filter(
        (t: { isDefault: boolean; templateType: string | null }) => t.isDefault && t.templateType === 'replacement',
      );
    expect(defaults.map((t: { id: string }) => t.id)).toEqual([b.id]);

    // Two "Use Template" at once still end with one default.
    await Promise.all([
      ctx.app.inject({ method: 'POST', url: `/api/quote-templates/pdf/${a.id}/default`, headers: { cookie: office } }),
      ctx.app.inject({ method: 'POST', url: `/api/quote-templates/pdf/${b.id}/default`, headers: { cookie: office } }),
    ]);
    const rows = await ctx.database.db
      .select()
      .from(quoteTemplates)
      .where(eq(quoteTemplates.templateType, 'replacement'));
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);

    const [row] = await ctx.database.db.select().from(quoteTemplates).where(eq(quoteTemplates.id, a.id));
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/quote-templates/pdf/${a.id}`,
      headers: { cookie: office },
    });
    expect(del.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, row!.storageKey!))).toEqual([]);
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: `/api/quote-templates/pdf/${a.id}`, headers: { cookie: office } })
      ).json(),
    ).toEqual({
      error: { code: 'NOT_FOUND', message: 'PDF template not found' },
    });
  });

  it("a tab marks one Default, the template its quotes print on; Use Template on a template for every type takes that tab's type over", async () => {
    const defaultsOn = async (type: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/quote-templates/pdf?type=${type}`,
          headers: { cookie: office },
        })
      )
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
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/quote-templates/pdf/${id}/default`,
            headers: { cookie: office },
          })
        ).statusCode,
      ).toBe(200);
    }
    // The type's own default wins: the every-type default is not a second "Default" on the tab.
    expect(await defaultsOn('inspection')).toEqual(['Inspection own']);

    const use = await ctx.app.inject({
      method: 'POST',
      url: `/api/quote-templates/pdf/${every.id}/default?type=inspection`,
      headers: { cookie: office },
    });
    expect(use.statusCode).toBe(200);
    expect(await defaultsOn('inspection')).toEqual(['Every type']);
    const inspectionDefaults = await ctx.database.db
      .select()
      .from(quoteTemplates)
      .where(eq(quoteTemplates.templateType, 'inspection'));
    expect(inspectionDefaults.filter((r) => r.isDefault)).toEqual([]);
    // Another type keeps its own default.
    expect(await defaultsOn('repair')).toEqual(['Repair own']);

    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/quote-templates/pdf/${every.id}/default?type=other`,
      headers: { cookie: office },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Template type must be inspection, repair or replacement');
  });

  it('answers the empty text of a tab', async () => {
    const other = await createTestContext();
    try {
      const { cookie } = await other.loginAs('user');
      const response = await other.app.inject({ method: 'GET', url: '/api/quote-templates/pdf', headers: { cookie } });
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
    const [first] = (
      await ctx.app.inject({ method: 'GET', url: '/api/quote-templates/pdf?type=repair', headers: { cookie: tech } })
    ).json().items;
    expect(
      (await upload(tech, { name: 'Nope', templateType: 'repair' }, { name: 'a.pdf', bytes: threePages })).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/quote-templates/pdf/${first.id}/default`,
          headers: { cookie: tech },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/quote-templates/pdf/${first.id}`,
          headers: { cookie: tech },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/quote-templates/pdf/${first.id}`, headers: { cookie: tech } }))
        .statusCode,
    ).toBe(200);
    const manager = (await ctx.loginAs('manager')).cookie;
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/quote-templates/pdf/${first.id}/default`,
          headers: { cookie: manager },
        })
      ).statusCode,
    ).toBe(200);
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
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/quote-templates/email/default?type=repair',
      headers: { cookie: tech },
    });
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
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/quote-templates/email',
      headers: { cookie: office },
      payload: { name: 'X', templateType: 'repair', ...content, signature: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ signature: 'Signature is required' });

    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/quote-templates/email',
      headers: { cookie: office },
      payload: { name: 'Short', templateType: 'repair', ...content },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ isDefault: true, builtIn: false, subject: 'Quote {quoteNumber}' });
    const second = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/quote-templates/email',
        headers: { cookie: office },
        payload: { name: 'Long', templateType: 'repair', ...content },
      })
    ).json();
    expect(second.isDefault).toBe(false);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/quote-templates/email/${second.id}`,
      headers: { cookie: office },
      payload: { name: 'Long', templateType: 'repair', ...content, closingText: 'Thank you!' },
    });
    expect(edited.json().closingText).toBe('Thank you!');
    await ctx.app.inject({
      method: 'POST',
      url: `/api/quote-templates/email/${second.id}/default`,
      headers: { cookie: office },
    });
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/quote-templates/email/default?type=repair',
          headers: { cookie: office },
        })
      ).json().id,
    ).toBe(second.id);
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/quote-templates/email?type=repair',
        headers: { cookie: office },
      })
    ).json();
    expect(list.items.map((t: { name: string; isDefault: boolean }) => [t.name, t.isDefault])).toEqual([
      ['Long', true],
      ['Short', false],
    ]);

    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/quote-templates/email',
          headers: { cookie: tech },
          payload: { name: 'T', templateType: 'repair', ...content },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/quote-templates/email/${first.json().id}`,
          headers: { cookie: office },
        })
      ).statusCode,
    ).toBe(204);
  });
});
