import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it.each([
    ['attachment', 'companies-2026-11-22.xlsx', 'attachment; filename="companies-2026-11-22.xlsx"'],
    ['inline', 'invoice-1001.pdf', 'inline; filename="invoice-1001.pdf"'],
    ['inline', 'roof unit.jpg', 'inline; filename="roof unit.jpg"'],
    ['attachment', 'Überholung.pdf', 'attachment; filename="_berholung.pdf"; filename*=UTF-8\'\'%C3%9Cberholung.pdf'],
    [
      'inline',
      'a "quoted" \\ name.png',
      'inline; filename="a _quoted_ _ name.png"; filename*=UTF-8\'\'a%20%22quoted%22%20%5C%20name.png',
    ],
  ] as const)('%s %s', (kind, name, header) => {
    expect(contentDisposition(kind, name)).toBe(header);
  });
});
