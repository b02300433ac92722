import { Pencil, Plus, Search, Trash2, Upload } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatCents } from '../../../domain/money';
import type { PriceRecord } from '../../../domain/price-book';
// Not price-book.ts (it builds the price schemas): no zod on the list's first load (decision 057).
import {
  formatHours,
  PRICE_KIND_LABELS,
  priceListUrlFilters,
  skillLevelLabel,
  type PriceKind,
} from '../../../domain/price-book-lists';
import { PRICE_TYPE_FILTERS } from './price-book-texts';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { useUrlFilters } from '../../lib/url-state';
import { Badge, type BadgeTone } from '../../ui/badge';
import { ErrorBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { SelectInput, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { toast } from '../../ui/toast';
import { usePriceList } from '../../lib/price-book-queries';
import { exportHref, useDeletePrice, usePriceBookOptions } from './api/price-book-queries';
import { useOpenedOnce } from '../../lib/use-opened-once';

// The add, edit and import dialogs check with the price schemas (zod): loaded when one is first
// opened, so the list's first load runs no schema library (decision 057).
const AddPriceDialog = lazy(() => import('./components/price-dialogs').then((m) => ({ default: m.AddPriceDialog })));
const EditPriceDialog = lazy(() => import('./components/price-dialogs').then((m) => ({ default: m.EditPriceDialog })));
const ImportDialog = lazy(() => import('./components/import-dialog').then((m) => ({ default: m.ImportDialog })));

const KIND_TONES: Record<PriceKind, BadgeTone> = { part: 'blue', labor: 'purple', item: 'amber' };
const SEARCH_DELAY_MS = 300;
const DELETE_NOUN: Record<PriceKind, string> = { part: 'part', labor: 'labor price', item: 'item' };

const COLUMNS: DataTableColumn<PriceRecord>[] = [
  {
    id: 'type',
    header: 'Type',
    cell: (row) => <Badge tone={KIND_TONES[row.kind]}>{PRICE_KIND_LABELS[row.kind]}</Badge>,
  },
  {
    id: 'code',
    header: 'Code',
    className: 'whitespace-nowrap font-mono text-xs text-slate-800',
    cell: (row) => row.code,
  },
  {
    id: 'item',
    header: 'Item',
    className: 'max-w-md',
    cell: (row) => (
      <>
        <p className="font-medium text-slate-900">{row.name}</p>
        {row.description ? <p className="mt-0.5 line-clamp-2 text-xs text-slate-600">{row.description}</p> : null}
      </>
    ),
  },
  {
    id: 'serviceLine',
    header: 'Service Line',
    priority: 3,
    cell: (row) => (
      <>
        <p className="text-slate-800">{row.serviceLineName ?? row.serviceLine}</p>
        <p className="text-xs text-slate-600">{row.serviceLine}</p>
      </>
    ),
  },
  {
    id: 'unitCost',
    header: 'Unit Cost',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (row) => (
      <>
        <p className="font-medium text-slate-900">{formatCents(row.unitCostCents)}</p>
        {row.kind === 'part' ? (
          <p className="text-xs text-slate-600">PM {formatCents(row.flatRatePmContractCents)}</p>
        ) : null}
      </>
    ),
  },
  {
    id: 'details',
    header: 'Details',
    priority: 2,
    className: 'text-xs text-slate-700',
    cell: (row) => <Details row={row} />,
  },
];

/** The price book (/item-prices), titled "Service": parts, labor and items in one list. */
export default function PriceBookPage() {
  const { values, update } = useUrlFilters(priceListUrlFilters);
  const list = usePriceList(values);
  const options = usePriceBookOptions();
  const canEdit = useCan('priceBook.edit');

  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<PriceRecord | null>(null);
  // The dialogs mount from the first opening on (and stay, so closing one returns focus as before).
  const dialogsUsed = useOpenedOnce(adding || importing || editing !== null);
  const [deleting, setDeleting] = useState<PriceRecord | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeletePrice();

  // The search box writes to the URL after a short pause; the URL wins when it changes elsewhere
  // (back button, a link), unless it already says what the box says.
  const urlQ = values.q ?? '';
  const [search, setSearch] = useState(urlQ);
  const [seenQ, setSeenQ] = useState(urlQ);
  if (urlQ !== seenQ) {
    setSeenQ(urlQ);
    if (urlQ !== search.trim()) setSearch(urlQ);
  }
  const timer = useRef<number | undefined>(undefined);
  // The delayed write must use the URL as it is when it fires (a select may have changed since).
  const latestUpdate = useRef(update);
  useEffect(() => {
    latestUpdate.current = update;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onSearch = (text: string) => {
    setSearch(text);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => latestUpdate.current({ q: text.trim() || undefined, page: undefined }, { replace: true }),
      SEARCH_DELAY_MS,
    );
  };

  const serviceLines = options.data?.serviceLines ?? [];
  const categories = options.data?.categories ?? [];
  const data = list.data;
  const loadError = list.isError
    ? errorMessage(list.error, data ? 'Failed to refresh item prices' : 'Failed to load item prices')
    : null;

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync({ kind: deleting.kind, id: deleting.id });
      toast.success(`${deleting.code} deleted`);
      setDeleting(null);
    } catch (error) {
      setDeleteError(errorMessage(error, 'Failed to delete item'));
    }
  };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        screen="/item-prices"
        actions={
          <>
            <ExportLink href={exportHref(values)} label="Export" />
            {canEdit ? (
              <>
                <Button variant="secondary" onClick={() => setImporting(true)}>
                  <Upload className="h-4 w-4" aria-hidden /> Import
                </Button>
                <Button onClick={() => setAdding(true)}>
                  <Plus className="h-4 w-4" aria-hidden /> Add Service Item
                </Button>
              </>
            ) : null}
          </>
        }
      />

      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <TextInput
            type="search"
            aria-label="Search items"
            placeholder="Search items..."
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            className="pl-9"
            maxLength={100}
          />
        </div>
        <SelectInput
          aria-label="Type"
          value={values.type ?? ''}
          onChange={(e) => update({ type: e.target.value || undefined, page: undefined })}
        >
          {PRICE_TYPE_FILTERS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </SelectInput>
        <SelectInput
          aria-label="Service line"
          value={values.serviceLine ?? ''}
          onChange={(e) => update({ serviceLine: e.target.value || undefined, page: undefined })}
        >
          <option value="">All Service Lines</option>
          {serviceLines.map((line) => (
            <option key={line.code} value={line.code}>
              {line.name} ({line.code}){line.isActive ? '' : ' (inactive)'}
            </option>
          ))}
        </SelectInput>
      </div>

      {loadError ? <ErrorBanner className="mb-4" message={loadError} /> : null}

      <Card className="overflow-hidden">
        <DataTable
          bare
          label="Item prices"
          columns={COLUMNS}
          rows={data?.items}
          loading={list.isPending}
          loadingLabel="Loading item prices..."
          busy={list.isFetching}
          getRowKey={(row) => `${row.kind}-${row.id}`}
          getRowLabel={(row) => row.code}
          empty="No items found. Try adjusting your filters or add a new item."
          actions={{
            cell: (row) =>
              canEdit ? (
                <div className="inline-flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Edit ${row.code}`}
                    title="Edit"
                    onClick={() => setEditing(row)}
                  >
                    <Pencil className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${row.code}`}
                    title="Delete"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(row);
                    }}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              ) : (
                <span className="text-xs text-slate-600">View only</span>
              ),
          }}
        />
        {data && data.items.length > 0 ? (
          <div className="border-t border-slate-200 px-4">
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              totalCapped={data.totalCapped}
              onPage={(page) => update({ page: page === 1 ? undefined : page })}
            />
          </div>
        ) : null}
      </Card>

      {canEdit ? (
        <>
          {dialogsUsed ? (
            <Suspense fallback={null}>
              <AddPriceDialog
                open={adding}
                onOpenChange={setAdding}
                serviceLines={serviceLines}
                categories={categories}
              />
              <EditPriceDialog
                record={editing}
                onClose={() => setEditing(null)}
                serviceLines={serviceLines}
                categories={categories}
              />
              <ImportDialog open={importing} onOpenChange={setImporting} />
            </Suspense>
          ) : null}
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete Item Price"
            description={
              deleting ? (
                <>
                  Delete the {DELETE_NOUN[deleting.kind]} <strong>{deleting.code}</strong> ({deleting.name}) from the
                  price book? This cannot be undone. Jobs that already use it keep their own copy of the price.
                </>
              ) : (
                ''
              )
            }
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            onConfirm={confirmDelete}
            error={deleteError}
          />
        </>
      ) : null}
    </div>
  );
}

/** DETAILS: part = parts cost and estimated hours; labor = skill level and duration; item = category. */
function Details({ row }: { row: PriceRecord }) {
  switch (row.kind) {
    case 'part':
      return (
        <>
          <p>Parts cost: {formatCents(row.partsCostCents)}</p>
          <p>Est. hours: {formatHours(row.estimatedHours)}</p>
          {row.multiTechnician || row.includeRoofAccess ? (
            <p className="text-slate-600">
              {[row.multiTechnician ? 'Multi-tech' : null, row.includeRoofAccess ? 'Roof access' : null]
                .filter(Boolean)
                .join(' · ')}
            </p>
          ) : null}
        </>
      );
    case 'labor':
      return (
        <>
          <p>Skill: {skillLevelLabel(row.skillLevel)}</p>
          <p>Duration: {formatHours(row.durationHours)} h</p>
          {row.isOvertime || row.isEmergency ? (
            <p className="text-slate-600">
              {[row.isOvertime ? 'Overtime' : null, row.isEmergency ? 'Emergency' : null].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </>
      );
    case 'item':
      return (
        <>
          <p>Category: {row.category || 'General'}</p>
          {row.isTaxable ? null : <p className="text-slate-600">Not taxable</p>}
        </>
      );
  }
}
