import { isIsoDate } from '../../../domain/dates';
import type { BoardSearch, DispatchOptions } from '../../../domain/dispatch';
// The board's value lists without zod (dispatch-board.ts): the board loads no schema library (decision 042).
import {
  DISPATCH_DATE_FIELDS,
  DISPATCH_RANGE_LABELS,
  DISPATCH_RANGES,
  monthRange,
  type BoardView,
  type ViewRange,
  type DispatchDateField,
  type DispatchRange,
} from '../../../domain/dispatch-board';
import { DEFAULT_OFFICE } from '../../../domain/jobs/constants';
import { formatDate } from '../../lib/format';
import { BOARD_VIEWS } from './board-period';

/** Filter Date Range By: this, last or next month (the server resolves them in the company's time zone), or a custom From/To. */
export const RANGE_KINDS = DISPATCH_RANGES;
export type RangeKind = DispatchRange;
export const RANGE_LABELS = DISPATCH_RANGE_LABELS;
export const DATE_FIELD_LABELS: Record<DispatchDateField, string> = {
  due: 'Due By Date',
  schedule: 'Schedule Date',
  created: 'Created Date',
};
/** The chip's verb for the date field: "Jobs Due By This Month", "Jobs Scheduled Last Month". */
const DATE_FIELD_CHIP: Record<DispatchDateField, string> = {
  due: 'Jobs Due By',
  schedule: 'Jobs Scheduled',
  created: 'Jobs Created',
};
/** The Job Office value that means every office (the default is the Main Office, as the spec's chip shows). */
export const ALL_OFFICES = 'all';

/** Text: trimmed; longer than 500 characters is no value. */
const text = (value: string | undefined) => {
  const v = value?.trim();
  return v !== undefined && v.length <= 500 ? v : undefined;
};
/** A switch: on only when "true". */
const on = (value: string | undefined) => value === 'true';
/** A calendar day YYYY-MM-DD as given, else no value. */
const isoDate = (value: string | undefined) => (value && isIsoDate(value) ? value : undefined);
/** Dollars with at most two decimals (trimmed), else no value. */
const amount = (value: string | undefined) => {
  const v = value?.trim();
  return v && /^\d{1,9}(\.\d{1,2})?$/.test(v) ? v : undefined;
};
const oneOf = <V extends string>(values: readonly V[], value: string | undefined): V | undefined =>
  (values as readonly (string | undefined)[]).includes(value) ? (value as V) : undefined;

/** The board's state in the URL (see `boardUrlState`). */
export interface BoardUrlState {
  view: BoardView;
  date: string | undefined;
  q: string | undefined;
  tech: string | undefined;
  dateField: DispatchDateField;
  range: RangeKind | undefined;
  from: string | undefined;
  to: string | undefined;
  tags: string | undefined;
  office: string | undefined;
  type: string | undefined;
  ownerId: string | undefined;
  serviceLine: string | undefined;
  region: string | undefined;
  price: boolean;
  minPrice: string | undefined;
  maxPrice: string | undefined;
  showCompleted: boolean;
  showSubcontracted: boolean;
}

function readBoardUrl(raw: Record<string, string>): BoardUrlState {
  return {
    view: oneOf(BOARD_VIEWS, raw.view) ?? 'day',
    date: isoDate(raw.date),
    q: text(raw.q),
    tech: text(raw.tech),
    dateField: oneOf(DISPATCH_DATE_FIELDS, raw.dateField) ?? 'due',
    // Left out: the range follows the board's view (rangeForView); set: chosen in Map Filters until the next navigation.
    range: oneOf(RANGE_KINDS, raw.range),
    from: isoDate(raw.from),
    to: isoDate(raw.to),
    tags: text(raw.tags),
    office: text(raw.office),
    type: text(raw.type),
    ownerId: text(raw.ownerId),
    serviceLine: text(raw.serviceLine),
    region: text(raw.region),
    price: on(raw.price),
    minPrice: amount(raw.minPrice),
    maxPrice: amount(raw.maxPrice),
    showCompleted: on(raw.showCompleted),
    showSubcontracted: on(raw.showSubcontracted),
  };
}

/**
 * The board's state in the URL: the view and its date, the technician search and selection, and
 * the Map Filters. Anything invalid falls back to its default (this month, due date, Main Office),
 * so reading never fails. Read without zod: the board is a first screen (decision 042).
 */
export const boardUrlState = {
  safeParse: (raw: Record<string, string>) => ({ success: true as const, data: readBoardUrl(raw) }),
  parse: readBoardUrl,
};

/** The keys the Map Filters drawer owns (the view, date, search and selection stay when it applies). */
export const FILTER_KEYS = [
  'dateField',
  'range',
  'from',
  'to',
  'tags',
  'office',
  'type',
  'ownerId',
  'serviceLine',
  'region',
  'price',
  'minPrice',
  'maxPrice',
  'showCompleted',
  'showSubcontracted',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The drawer's form: every value a string or boolean as its control holds it. */
export interface FilterDraft {
  dateField: DispatchDateField;
  range: RangeKind;
  from: string;
  to: string;
  tags: string;
  office: string;
  type: string;
  ownerId: string;
  serviceLine: string;
  region: string;
  price: boolean;
  minPrice: string;
  maxPrice: string;
  showCompleted: boolean;
  showSubcontracted: boolean;
}

export const DEFAULT_DRAFT: FilterDraft = {
  dateField: 'due',
  range: 'this-month',
  from: '',
  to: '',
  tags: '',
  office: DEFAULT_OFFICE,
  type: '',
  ownerId: '',
  serviceLine: '',
  region: '',
  price: false,
  minPrice: '',
  maxPrice: '',
  showCompleted: false,
  showSubcontracted: false,
};

/** The range the board follows when the URL names none: this month until the view moves. */
export const THIS_MONTH: ViewRange = { range: 'this-month' };

export function draftFromState(s: BoardUrlState, follow: ViewRange = THIS_MONTH): FilterDraft {
  const followed = s.range === undefined;
  return {
    dateField: s.dateField,
    range: s.range ?? follow.range,
    from: (followed ? (follow.range === 'custom' ? follow.from : undefined) : s.from) ?? '',
    to: (followed ? (follow.range === 'custom' ? follow.to : undefined) : s.to) ?? '',
    tags: s.tags ?? '',
    office: s.office ?? DEFAULT_OFFICE,
    type: s.type ?? '',
    ownerId: s.ownerId ?? '',
    serviceLine: s.serviceLine ?? '',
    region: s.region ?? '',
    price: s.price,
    minPrice: s.minPrice ?? '',
    maxPrice: s.maxPrice ?? '',
    showCompleted: s.showCompleted,
    showSubcontracted: s.showSubcontracted,
  };
}

/** The URL values of a draft: defaults are left out (the Main Office default is written only when changed). */
export function draftToUrl(
  d: FilterDraft,
  follow: ViewRange = THIS_MONTH,
): Record<FilterKey, string | boolean | undefined> {
  // The range the view gives stays unwritten, so the next navigation still moves it.
  const followed =
    d.range === follow.range && (follow.range !== 'custom' || (d.from === follow.from && d.to === follow.to));
  const custom = d.range === 'custom' && !followed;
  return {
    dateField: d.dateField === 'due' ? undefined : d.dateField,
    range: followed ? undefined : d.range,
    from: custom ? d.from || undefined : undefined,
    to: custom ? d.to || undefined : undefined,
    tags: normalizeTags(d.tags) || undefined,
    office: d.office === DEFAULT_OFFICE ? undefined : d.office || ALL_OFFICES,
    type: d.type || undefined,
    ownerId: d.ownerId || undefined,
    serviceLine: d.serviceLine || undefined,
    region: d.region || undefined,
    price: d.price || undefined,
    minPrice: d.price ? d.minPrice.trim() || undefined : undefined,
    maxPrice: d.price ? d.maxPrice.trim() || undefined : undefined,
    showCompleted: d.showCompleted || undefined,
    showSubcontracted: d.showSubcontracted || undefined,
  };
}

/** "vip, , roof ,vip" -> "vip,roof". */
export function normalizeTags(tags: string): string {
  return [
    ...new Set(
      tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ].join(',');
}

/** The inclusive days of the date range: this, last or next month of today, or the custom From/To. */
export function rangeDates(
  range: RangeKind | undefined,
  today: string,
  custom: { from?: string | undefined; to?: string | undefined },
  follow: ViewRange = THIS_MONTH,
): { from: string; to: string } {
  if (range === undefined) {
    if (follow.range === 'custom') return { from: follow.from, to: follow.to };
    return rangeDates(follow.range, today, {});
  }
  if (range === 'custom' && custom.from && custom.to) return { from: custom.from, to: custom.to };
  return monthRange(today, range === 'last-month' ? -1 : range === 'next-month' ? 1 : 0);
}

/**
 * The GET /api/dispatch/board query of the URL state (one request per change of range or filters).
 * A named month goes as `range` (the server resolves it in the company's time zone); a custom range
 * as range=custom with from and to (without both it falls back to this month).
 */
export function toBoardQuery(s: Pick<BoardUrlState, FilterKey>, follow: ViewRange = THIS_MONTH): BoardSearch {
  const office = s.office ?? DEFAULT_OFFICE;
  const query: BoardSearch =
    s.range === undefined
      ? follow.range === 'custom'
        ? { range: 'custom', from: follow.from, to: follow.to }
        : { range: follow.range }
      : s.range === 'custom' && s.from && s.to
        ? { range: 'custom', from: s.from, to: s.to }
        : { range: s.range === 'custom' ? 'this-month' : s.range };
  if (s.dateField !== 'due') query.dateField = s.dateField;
  if (s.tags) query.tags = normalizeTags(s.tags);
  if (office !== ALL_OFFICES) query.office = office;
  if (s.type) query.type = s.type;
  if (s.ownerId) query.ownerId = s.ownerId;
  if (s.serviceLine) query.serviceLine = s.serviceLine;
  if (s.region) query.region = s.region;
  if (s.price && s.minPrice) query.minPrice = s.minPrice;
  if (s.price && s.maxPrice) query.maxPrice = s.maxPrice;
  if (s.showCompleted) query.showCompleted = 'true';
  if (s.showSubcontracted) query.showSubcontracted = 'true';
  return query;
}

export interface FilterChip {
  id: string;
  label: string;
  /** The URL changes that remove the filter; none for the date range at its default (always applied). */
  remove: Partial<Record<FilterKey, undefined | string>> | null;
}

const money = (v: string) =>
  `$${Number(v).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** The chips of the applied filters, e.g. "Jobs Due By This Month", "Main Office", "Subcontracted Jobs". */
/** How a chip names a range: "This Month", "March 2027", "11/29/2026 – 12/5/2026". */
export function rangeLabel(r: ViewRange): string {
  if (r.range !== 'custom') return RANGE_LABELS[r.range];
  if (r.shows === 'month')
    return new Date(`${r.from}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  return `${formatDate(r.from)} – ${formatDate(r.to)}`;
}

export function filterChips(
  s: Pick<BoardUrlState, FilterKey>,
  options: DispatchOptions | undefined,
  follow: ViewRange = THIS_MONTH,
): FilterChip[] {
  const chips: FilterChip[] = [];
  const range =
    s.range === undefined
      ? rangeLabel(follow)
      : s.range === 'custom' && s.from && s.to
        ? `${formatDate(s.from)} – ${formatDate(s.to)}`
        : RANGE_LABELS[s.range === 'custom' ? 'this-month' : s.range];
  const atDefault =
    s.dateField === 'due' &&
    (s.range === undefined || s.range === 'this-month' || (s.range === 'custom' && !(s.from && s.to)));
  chips.push({
    id: 'range',
    label: `${DATE_FIELD_CHIP[s.dateField]} ${range}`,
    remove: atDefault ? null : { dateField: undefined, range: undefined, from: undefined, to: undefined },
  });
  const office = s.office ?? DEFAULT_OFFICE;
  if (office !== ALL_OFFICES) chips.push({ id: 'office', label: office, remove: { office: ALL_OFFICES } });
  if (s.tags)
    chips.push({
      id: 'tags',
      label: `Tags: ${normalizeTags(s.tags).split(',').join(', ')}`,
      remove: { tags: undefined },
    });
  if (s.type)
    chips.push({
      id: 'type',
      label: options?.jobTypes.find((t) => t.code === s.type)?.name ?? s.type,
      remove: { type: undefined },
    });
  if (s.ownerId)
    chips.push({
      id: 'owner',
      label: `Owner: ${options?.owners.find((o) => o.id === s.ownerId)?.name ?? 'Unknown user'}`,
      remove: { ownerId: undefined },
    });
  if (s.serviceLine)
    chips.push({
      id: 'serviceLine',
      label: options?.serviceLines.find((l) => l.code === s.serviceLine)?.name ?? s.serviceLine,
      remove: { serviceLine: undefined },
    });
  if (s.region) chips.push({ id: 'region', label: `Region: ${s.region}`, remove: { region: undefined } });
  if (s.price && (s.minPrice || s.maxPrice)) {
    const label =
      s.minPrice && s.maxPrice
        ? `${money(s.minPrice)} – ${money(s.maxPrice)}`
        : s.minPrice
          ? `at least ${money(s.minPrice)}`
          : `at most ${money(s.maxPrice!)}`;
    chips.push({
      id: 'price',
      label: `Estimated Price ${label}`,
      remove: { price: undefined, minPrice: undefined, maxPrice: undefined },
    });
  }
  if (s.showCompleted) chips.push({ id: 'completed', label: 'Completed Jobs', remove: { showCompleted: undefined } });
  if (s.showSubcontracted)
    chips.push({ id: 'subcontracted', label: 'Subcontracted Jobs', remove: { showSubcontracted: undefined } });
  return chips;
}
