import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isIsoDate } from '../../../domain/dates';
import { BOARD_VIEWS, DISPATCH_DATE_FIELDS, DISPATCH_RANGES } from '../../../domain/dispatch-board';
import { boardUrlState } from './board-filters';

// The board read its URL with this zod schema until it had to load without zod (decision 042):
// the plain reader must give the same state for every query string.
const text = z.string().trim().max(500).optional().catch(undefined);
const on = z
  .enum(['true', 'false'])
  .optional()
  .catch(undefined)
  .transform((v) => v === 'true');
const isoDate = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => (v && isIsoDate(v) ? v : undefined));
const amount = z
  .string()
  .trim()
  .optional()
  .catch(undefined)
  .transform((v) => (v && /^\d{1,9}(\.\d{1,2})?$/.test(v) ? v : undefined));
const zodBoardUrlState = z.object({
  view: z
    .enum(BOARD_VIEWS)
    .optional()
    .catch(undefined)
    .transform((v) => v ?? 'day'),
  date: isoDate,
  q: text,
  tech: text,
  dateField: z
    .enum(DISPATCH_DATE_FIELDS)
    .optional()
    .catch(undefined)
    .transform((v) => v ?? 'due'),
  range: z.enum(DISPATCH_RANGES).optional().catch(undefined),
  from: isoDate,
  to: isoDate,
  tags: text,
  office: text,
  type: text,
  ownerId: text,
  serviceLine: text,
  region: text,
  price: on,
  minPrice: amount,
  maxPrice: amount,
  showCompleted: on,
  showSubcontracted: on,
});

describe('the board reads its URL as its zod schema did', () => {
  const long = 'x'.repeat(500);
  const queries = [
    '',
    'view=week&date=2026-11-25',
    'view=Week&date=2026-02-30',
    'view=&date=&q=&tech=',
    'view=month&date= 2026-11-25',
    `q=${long}&tech= ${long} `,
    `q=${long}x&tags=${long}y`,
    'q=%20Ann%20&tech=%20',
    'dateField=schedule&range=custom&from=2026-11-01&to=2026-11-30',
    'dateField=Due&range=this_month&from=bad&to=2026-13-01',
    'range=&dateField=',
    ...['last-month', 'next-month', 'this-month'].map((r) => `range=${r}`),
    'tags=a,b&office=all&type=PM&ownerId=x&serviceLine=HVAC&region=North',
    'tags=%20&office=%20Main%20Office%20',
    ...['true', 'false', 'TRUE', '1', ''].map((v) => `price=${v}&showCompleted=${v}&showSubcontracted=${v}`),
    ...['250', ' 99.50 ', '99.5', '1.234', '-5', '1e3', '', '1234567890', '123456789.12'].map(
      (v) => `minPrice=${encodeURIComponent(v)}&maxPrice=${encodeURIComponent(v)}`,
    ),
    'unknown=1&view=day',
  ];
  it.each(queries)('reads "%s"', (query) => {
    const raw = Object.fromEntries(new URLSearchParams(query));
    expect(boardUrlState.parse(raw)).toEqual(zodBoardUrlState.parse(raw));
    expect(boardUrlState.safeParse(raw)).toEqual({ success: true, data: zodBoardUrlState.parse(raw) });
  });
});
