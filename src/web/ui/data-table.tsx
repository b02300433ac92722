import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight } from 'lucide-react';
import {
  Fragment,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useNavigate } from 'react-router';
import { cn } from './cn';
import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface DataTableColumn<T> {
  id: string;
  /** The header text; also labels the value in the card layout and the row's details. */
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * 1 (default): always shown. 2: shown when the table is at least 768px wide. 3: at least 1024px.
   * A column that does not fit moves into the row's expandable details (and shows in the cards).
   */
  priority?: 1 | 2 | 3;
  align?: 'left' | 'right';
  /** The list can be ordered by this column: its header becomes a sort button. */
  sortKey?: string;
  /** Classes for the column's cells (width, nowrap, font). */
  className?: string;
}

export interface DataTableProps<T> {
  /** The table's accessible name ("Units"). */
  label: string;
  columns: readonly DataTableColumn<T>[];
  /** undefined while loading the first time. */
  rows: readonly T[] | undefined;
  getRowKey: (row: T) => string;
  /** Names the row for the details toggle and the cards ("unit RTU-1"). */
  getRowLabel: (row: T) => string;
  /** The row's page: a click anywhere in the row opens it (the keyboard uses the link in its cells). */
  rowHref?: (row: T) => string;
  /** Always visible, last column (right) or the foot of the card. */
  actions?: { header?: string; cell: (row: T) => ReactNode };
  loading?: boolean;
  loadingLabel?: string;
  /**
   * A refetch is running: the rows stay at full contrast under a thin progress bar, and aria-busy is
   * set (dimming the rows would drop their text below 4.5:1 while they are read).
   */
  busy?: boolean;
  /** What an empty list says ("No units found.") and offers. */
  empty: ReactNode;
  emptyAction?: ReactNode;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** Under this width (px) the rows become cards. */
  cardsBelow?: number;
  /** The table sits inside a Card already: no border of its own. */
  bare?: boolean;
  rowClassName?: (row: T) => string | undefined;
  /** A data-testid for each row (or card), for tests that pick one row. */
  getRowTestId?: (row: T) => string;
  className?: string;
}

const PRIORITY_MIN_WIDTH = { 1: 0, 2: 768, 3: 1024 } as const;
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="menuitem"]';

/** How a table lays out at a width: 0 as cards, else the highest column priority that fits (1-3). */
function layoutAt(width: number, cardsBelow: number): number {
  if (width < cardsBelow) return 0;
  return width >= PRIORITY_MIN_WIDTH[3] ? 3 : width >= PRIORITY_MIN_WIDTH[2] ? 2 : 1;
}

/**
 * The layout a table gets in its container, followed as the container's width changes (the table
 * fits its container, not the window); null before the first measurement. Kept as the layout, not
 * the width, so a resize that changes nothing re-renders nothing. A window narrower than
 * `cardsBelow` (a phone) means cards whatever the container: known at once, without asking for the
 * container's width while the page renders, which forces a style and layout of the whole page in
 * the middle of drawing it (~40 ms on a phone); the observer takes over from there.
 */
function windowNarrowerThan(px: number): boolean {
  if (typeof window === 'undefined') return false;
  // A media query, not innerWidth: on a phone (a page with a viewport) reading innerWidth lays the
  // whole page out first, to know whether its content widens the viewport (decision 062).
  if (typeof window.matchMedia === 'function') return !window.matchMedia(`(min-width: ${px}px)`).matches;
  return window.innerWidth < px;
}

function useLayout<E extends HTMLElement>(cardsBelow: number): [RefObject<E | null>, number | null] {
  const ref = useRef<E>(null);
  const [layout, setLayout] = useState<number | null>(() => (windowNarrowerThan(cardsBelow) ? 0 : null));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!windowNarrowerThan(cardsBelow)) setLayout(layoutAt(element.getBoundingClientRect().width, cardsBelow));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setLayout(layoutAt(entry.contentRect.width, cardsBelow)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [cardsBelow]);
  return [ref, layout];
}

/**
 * The list table of every screen. It fits its container at any width, so the page never scrolls
 * sideways: columns of lower priority move into an expandable "details" row when there is no room,
 * and under `cardsBelow` (640px) each row becomes a card with every value labelled. The actions
 * column is always shown. Sortable headers, row links, the empty and the loading state included.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  getRowKey,
  getRowLabel,
  rowHref,
  actions,
  loading = false,
  loadingLabel = 'Loading...',
  busy = false,
  empty,
  emptyAction,
  sort,
  onSortChange,
  cardsBelow = 640,
  bare = false,
  rowClassName,
  getRowTestId,
  className,
}: DataTableProps<T>) {
  const [boxRef, layout] = useLayout<HTMLDivElement>(cardsBelow);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const navigate = useNavigate();
  const baseId = useId();

  // Before the first measurement (and where nothing can be measured) every column shows.
  const fits = (column: DataTableColumn<T>) => layout === null || layout >= (column.priority ?? 1);
  const cards = layout === 0;
  const shown = columns.filter(fits);
  const folded = columns.filter((column) => !fits(column));
  const [primary, ...others] = columns;

  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const openRow = (row: T) => (event: MouseEvent) => {
    if (!rowHref || (event.target as Element).closest(INTERACTIVE)) return;
    // Selecting text is not a click on the row.
    if (window.getSelection()?.toString()) return;
    navigate(rowHref(row));
  };

  const frame = cn(bare ? '' : 'rounded-lg border border-slate-200 bg-white shadow-sm', className);

  let body: ReactNode;
  if (loading || rows === undefined) {
    body = <Spinner label={loadingLabel} />;
  } else if (rows.length === 0) {
    body = bare ? (
      <div className="px-4 py-8 text-center text-sm text-slate-600">
        <p>{empty}</p>
        {emptyAction ? <div className="mt-2">{emptyAction}</div> : null}
      </div>
    ) : (
      <EmptyState action={emptyAction}>{empty}</EmptyState>
    );
  } else if (cards) {
    const sortable = columns.filter((column) => column.sortKey);
    body = (
      <div>
        {sort && onSortChange && sortable.length ? (
          <SortSelect columns={sortable} sort={sort} onSortChange={onSortChange} />
        ) : null}
        <ul aria-label={label} aria-busy={busy || undefined} className="space-y-3">
          {rows.map((row) => (
            <li
              key={getRowKey(row)}
              className={cn(
                'rounded-lg border border-slate-200 bg-white p-4 shadow-sm',
                rowHref && 'cursor-pointer hover:border-slate-300',
                rowClassName?.(row),
              )}
              onClick={openRow(row)}
              data-testid={getRowTestId?.(row) ?? 'data-card'}
            >
              <div className="text-base font-medium">{primary ? primary.cell(row) : null}</div>
              {others.length ? (
                <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                  {others.map((column) => (
                    <Fragment key={column.id}>
                      <dt className="text-slate-600">{column.header}</dt>
                      <dd className="min-w-0 break-words text-slate-800">{column.cell(row)}</dd>
                    </Fragment>
                  ))}
                </dl>
              ) : null}
              {actions ? (
                <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3 text-sm">
                  {actions.cell(row)}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    );
  } else {
    const columnCount = shown.length + (actions ? 1 : 0);
    body = (
      <table
        aria-label={label}
        aria-busy={busy || undefined}
        className="w-full table-auto divide-y divide-slate-200 text-left text-sm"
      >
        <thead className="bg-slate-50">
          <tr>
            {shown.map((column) => (
              <HeaderCell key={column.id} column={column} sort={sort} onSortChange={onSortChange} />
            ))}
            {actions ? (
              <th
                scope="col"
                className="px-3 py-2 text-right text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                {actions.header ?? 'Actions'}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const key = getRowKey(row);
            const open = folded.length > 0 && expanded.has(key);
            const detailsId = `${baseId}-details-${key}`;
            return (
              <Fragment key={key}>
                <tr
                  className={cn('align-top hover:bg-slate-50', rowHref && 'cursor-pointer', rowClassName?.(row))}
                  onClick={openRow(row)}
                  data-testid={getRowTestId?.(row)}
                >
                  {shown.map((column, index) => (
                    <td
                      key={column.id}
                      className={cn(
                        'px-3 py-2 [overflow-wrap:anywhere]',
                        column.align === 'right' && 'text-right',
                        column.className,
                      )}
                    >
                      {index === 0 && folded.length > 0 ? (
                        <div className="flex items-start gap-1">
                          <button
                            type="button"
                            className="mt-0.5 -ml-1 rounded p-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
                            aria-expanded={open}
                            aria-controls={open ? detailsId : undefined}
                            // The name stays; aria-expanded says whether the details are shown.
                            aria-label={`Details of ${getRowLabel(row)}`}
                            title={`${open ? 'Hide' : 'Show'} ${folded.map((c) => c.header).join(', ')}`}
                            onClick={() => toggle(key)}
                          >
                            {open ? (
                              <ChevronDown className="h-4 w-4" aria-hidden />
                            ) : (
                              <ChevronRight className="h-4 w-4" aria-hidden />
                            )}
                          </button>
                          <div className="min-w-0">{column.cell(row)}</div>
                        </div>
                      ) : (
                        column.cell(row)
                      )}
                    </td>
                  ))}
                  {actions ? <td className="px-3 py-2 text-right whitespace-nowrap">{actions.cell(row)}</td> : null}
                </tr>
                {open ? (
                  <tr id={detailsId} className="bg-slate-50/70">
                    <td colSpan={columnCount} className="px-3 py-2 pl-9">
                      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
                        {folded.map((column) => (
                          <div key={column.id} className="min-w-0">
                            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                              {column.header}
                            </dt>
                            <dd className="break-words text-slate-800">{column.cell(row)}</dd>
                          </div>
                        ))}
                      </dl>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    );
  }

  return (
    // overflow-x-auto only as a last resort (one unbreakable value): the page itself never scrolls sideways.
    <div
      ref={boxRef}
      className={cn(rows && rows.length > 0 && !cards ? frame : '', 'relative min-w-0 overflow-x-auto')}
      data-layout={cards ? 'cards' : 'table'}
    >
      {busy && rows && rows.length > 0 ? (
        <div
          aria-hidden="true"
          data-testid="table-busy"
          className="absolute inset-x-0 top-0 z-10 h-0.5 animate-pulse bg-blue-600"
        />
      ) : null}
      {body}
    </div>
  );
}

function HeaderCell<T>({
  column,
  sort,
  onSortChange,
}: {
  column: DataTableColumn<T>;
  sort: SortState | undefined;
  onSortChange: ((sort: SortState) => void) | undefined;
}) {
  const base = cn(
    'px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase',
    column.align === 'right' ? 'text-right' : 'text-left',
  );
  if (!column.sortKey || !onSortChange) {
    return (
      <th scope="col" className={base}>
        {column.header}
      </th>
    );
  }
  const active = sort?.key === column.sortKey;
  const direction = active ? sort.direction : undefined;
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      className={base}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <button
        type="button"
        className={cn(
          'inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600',
          active && 'text-slate-900',
        )}
        onClick={() =>
          onSortChange({ key: column.sortKey!, direction: active && direction === 'asc' ? 'desc' : 'asc' })
        }
      >
        {column.header}
        <Icon className="h-3.5 w-3.5" aria-hidden />
      </button>
    </th>
  );
}

/** In the card layout there are no headers to click: the order is a select above the cards. */
function SortSelect<T>({
  columns,
  sort,
  onSortChange,
}: {
  columns: DataTableColumn<T>[];
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}) {
  const id = useId();
  return (
    <div className="mb-3 flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-slate-700">
        Sort by
      </label>
      <select
        id={id}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        value={`${sort.key}:${sort.direction}`}
        onChange={(e) => {
          const [key, direction] = e.target.value.split(':') as [string, SortDirection];
          onSortChange({ key, direction });
        }}
      >
        {columns.flatMap((column) => [
          <option key={`${column.sortKey}:asc`} value={`${column.sortKey}:asc`}>
            {column.header} (ascending)
          </option>,
          <option key={`${column.sortKey}:desc`} value={`${column.sortKey}:desc`}>
            {column.header} (descending)
          </option>,
        ])}
      </select>
    </div>
  );
}
