import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_CONTENT,
  emailTemplateInput,
  EMAIL_TEMPLATE_FIELDS,
  formatPreservedPages,
  markTabDefault,
  parsePreservedPages,
  pdfTemplateUploadFields,
  preservedPagesBeyond,
  quotePageOrder,
} from './quote-templates.js';

describe('parsePreservedPages (part 2 section 5)', () => {
  it.each([
    ['1, 2, 4-6', [1, 2, 4, 5, 6]], // the spec's example
    ['3-5', [3, 4, 5]],
    ['5-3', [3, 4, 5]],
    ['2 - 4, 7', [2, 3, 4, 7]],
    ['', [1]],
    [null, [1]],
    ['   ', [1]],
    ['abc, x-y, -2, 0, 1.5, 3a', [1]], // nothing valid: page 1
    ['abc, 4', [4]],
    ['0-2, 0, -1, 3', [3]], // a range that starts at 0 is not positive: dropped
    ['2, 2, 1-3, 3', [1, 2, 3]], // duplicates removed
    ['9, 1, 5-6, 2', [1, 2, 5, 6, 9]], // sorted
    [',, 2,,', [2]],
    ['1-99999999', [1]], // an absurd range is junk
  ])('%j -> %j', (input, expected) => {
    expect(parsePreservedPages(input)).toEqual(expected);
  });

  it('formats pages back as ranges', () => {
    expect(formatPreservedPages([1, 2, 4, 5, 6])).toBe('1, 2, 4-6');
    expect(formatPreservedPages([3])).toBe('3');
    expect(formatPreservedPages([])).toBe('1');
  });

  it('names the pages a file does not have', () => {
    expect(preservedPagesBeyond([1, 2], 3)).toBeNull();
    expect(preservedPagesBeyond([1, 4, 5, 6], 3)).toBe('This PDF has 3 pages; preserved pages 4-6 do not exist');
    expect(preservedPagesBeyond([2], 1)).toBe('This PDF has 1 page; preserved page 2 does not exist');
  });
});

describe('quotePageOrder: generated pages replace the first unpreserved page', () => {
  it.each([
    [3, [1], [1, 'generated']], // cover kept, pages 2 and 3 replaced
    [4, [1, 4], [1, 'generated', 4]], // cover and terms kept
    [5, [1, 2, 5], [1, 2, 'generated', 5]],
    [3, [2], ['generated', 2]], // page 1 not preserved: generated first
    [2, [1, 2], [1, 2, 'generated']], // every page preserved: generated after the last
    [1, [1], [1, 'generated']],
    [10, [1, 2, 9, 10], [1, 2, 'generated', 9, 10]],
  ] as [number, number[], (number | 'generated')[]][])('%i pages, preserved %j', (count, preserved, expected) => {
    expect(quotePageOrder(count, preserved)).toEqual(expected);
  });
});

describe('upload fields', () => {
  it('requires a name; no type means every type', () => {
    expect(pdfTemplateUploadFields.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe(
      'Template name is required',
    );
    expect(pdfTemplateUploadFields.parse({ name: 'Cover', templateType: '' })).toEqual({
      name: 'Cover',
      templateType: null,
      preservedPages: '',
    });
    expect(
      pdfTemplateUploadFields.parse({ name: 'Cover', templateType: 'repair', preservedPages: '1, 3' }).templateType,
    ).toBe('repair');
    expect(pdfTemplateUploadFields.safeParse({ name: 'Cover', templateType: 'other' }).error?.issues[0]?.message).toBe(
      'Template type must be inspection, repair or replacement (or empty for every type)',
    );
  });
});

describe('markTabDefault: the Default of a tab is the template its quotes print on', () => {
  const own = { id: 'own', templateType: 'repair' as const, isDefault: true };
  const other = { id: 'other', templateType: 'repair' as const, isDefault: false };
  const every = { id: 'every', templateType: null, isDefault: true };
  const defaults = (items: { id: string; isDefault: boolean }[]) => items.filter((t) => t.isDefault).map((t) => t.id);

  it("the type's own default wins over the default for every type", () => {
    expect(defaults(markTabDefault([own, other, every], 'repair'))).toEqual(['own']);
  });
  it('the default for every type stands in when the type has none', () => {
    expect(defaults(markTabDefault([other, every], 'repair'))).toEqual(['every']);
  });
  it('a type with neither has no default', () => {
    expect(defaults(markTabDefault([other, { ...every, isDefault: false }], 'repair'))).toEqual([]);
  });
});

describe('e-mail templates', () => {
  it('every field is required', () => {
    const valid = { name: 'Standard', templateType: 'repair', ...DEFAULT_EMAIL_CONTENT.repair };
    expect(emailTemplateInput.safeParse(valid).success).toBe(true);
    for (const field of EMAIL_TEMPLATE_FIELDS) {
      const result = emailTemplateInput.safeParse({ ...valid, [field]: ' ' });
      expect(result.success, field).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual([field]);
      expect(result.error!.issues[0]!.message).toMatch(/is required$/);
    }
    expect(emailTemplateInput.safeParse({ ...valid, name: '' }).error?.issues[0]?.message).toBe(
      'Template name is required',
    );
  });

  it('the default wording is for a repair quote and says a denial costs $180.00', () => {
    expect(DEFAULT_EMAIL_CONTENT.repair.approveButtonText).toBe('Approve Repairs');
    expect(DEFAULT_EMAIL_CONTENT.repair.denyButtonText).toBe('Deny Repairs');
    for (const type of ['inspection', 'repair', 'replacement'] as const) {
      expect(DEFAULT_EMAIL_CONTENT[type].denialNote).toContain('$180.00');
    }
  });
});
