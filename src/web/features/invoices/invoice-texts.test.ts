import { describe, expect, it } from 'vitest';
import { filtersAppliedText, INVOICE_STATUS_TONES, monthLabel, percentText } from './invoice-texts';

describe('invoice screen texts', () => {
  it.each([
    ['2026-01', 'January 2026'],
    ['2025-12', 'December 2025'],
    ['2024-05', 'May 2024'],
  ])('month %s reads %s', (month, label) => expect(monthLabel(month)).toBe(label));

  it('status colours: draft grey, issued blue, paid green, void red', () => {
    expect(INVOICE_STATUS_TONES).toEqual({ draft: 'gray', issued: 'blue', paid: 'green', void: 'red' });
  });

  it('percent with one decimal; the filter count as the paid list writes it', () => {
    expect(percentText(53.4)).toBe('53.4%');
    expect(percentText(100)).toBe('100.0%');
    expect(filtersAppliedText(2)).toBe('Filters applied: 2');
  });
});
