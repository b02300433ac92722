import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '../../../../domain/money';
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  type ImportPreview,
  type ImportStatus,
} from '../../../../domain/price-book-import';
import { PRICE_KIND_LABELS } from '../../../../domain/price-book';
import { errorMessage } from '../../../lib/api-client';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { ErrorBanner, InfoBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { Dialog } from '../../../ui/dialog';
import { SelectInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { IMPORT_TEMPLATE_HREF, useApplyImport, usePreviewImport } from '../api/price-book-queries';
import { formatCount } from '../../../lib/format';

const STATUS: Record<ImportStatus, { label: string; tone: BadgeTone }> = {
  new: { label: 'New', tone: 'green' },
  changed: { label: 'Changed', tone: 'blue' },
  unchanged: { label: 'Unchanged', tone: 'gray' },
  invalid: { label: 'Invalid', tone: 'red' },
};
type PreviewRow = ImportPreview['rows'][number];
const PREVIEW_COLUMNS: DataTableColumn<PreviewRow>[] = [
  { id: 'row', header: 'Row', className: 'text-slate-600', cell: (row) => row.rowNumber },
  { id: 'type', header: 'Type', cell: (row) => (row.kind ? PRICE_KIND_LABELS[row.kind] : '') },
  { id: 'code', header: 'Code', className: 'font-mono text-xs', cell: (row) => row.code },
  { id: 'name', header: 'Name', cell: (row) => row.name },
  {
    id: 'unitCost',
    header: 'Unit Cost',
    align: 'right',
    priority: 2,
    className: 'tabular-nums',
    cell: (row) => (row.unitCostCents === null ? '' : formatCents(row.unitCostCents)),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>,
  },
  {
    id: 'details',
    header: 'Details',
    className: 'text-xs',
    cell: (row) => (
      <>
        {row.reasons.map((r) => (
          <p key={r} className="text-red-700">
            {r}
          </p>
        ))}
        {row.changes.map((c) => (
          <p key={c} className="text-slate-700">
            {c}
          </p>
        ))}
        {row.notes.map((n) => (
          <p key={n} className="text-slate-600">
            {n}
          </p>
        ))}
      </>
    ),
  },
];
const SHOWN_ROWS = 300;

/**
 * Import from a spreadsheet: choose a file, see every row as new, changed, unchanged or invalid
 * with the reason, then apply. Applying sends the same file again; the server checks every row
 * again and applies the valid ones in one transaction.
 */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [show, setShow] = useState<ImportStatus | ''>('');
  const preview = usePreviewImport();
  const apply = useApplyImport();

  const reset = () => {
    setFile(null);
    setLocalError(null);
    setShow('');
    preview.reset();
    apply.reset();
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const choose = (chosen: File | null) => {
    preview.reset();
    apply.reset();
    setShow('');
    setLocalError(null);
    setFile(chosen);
    if (!chosen) return;
    if (!/\.(xlsx|csv)$/i.test(chosen.name)) setLocalError('Choose an .xlsx or .csv file with a header row.');
    else if (chosen.size > IMPORT_MAX_FILE_BYTES)
      setLocalError('The file is larger than 5 MB. Split it into smaller files and import each.');
    else preview.mutate(chosen);
  };

  const result: ImportPreview | undefined = preview.data;
  const toApply = result ? result.counts.new + result.counts.changed : 0;
  const rows = result ? result.rows.filter((r) => !show || r.status === show) : [];

  const runImport = async () => {
    if (!file) return;
    try {
      const done = await apply.mutateAsync(file);
      toast.success(
        `Import finished: ${done.created} added, ${done.updated} updated${done.skipped ? `, ${done.skipped} invalid rows skipped` : ''}`,
      );
      close(false);
    } catch {
      // shown in the banner below
    }
  };

  const error =
    localError ??
    (preview.isError
      ? errorMessage(preview.error, 'Failed to check the file. Please try again.')
      : apply.isError
        ? errorMessage(apply.error, 'Failed to import the file. Please try again.')
        : null);

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Import Price Book"
      description="Add or update parts, labor and items from a spreadsheet."
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={apply.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => void runImport()}
            disabled={!result || toApply === 0 || apply.isPending || preview.isPending}
          >
            {apply.isPending
              ? 'Importing...'
              : result
                ? `Import ${toApply} ${toApply === 1 ? 'row' : 'rows'}`
                : 'Import'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          <p>
            An <strong>.xlsx</strong> or <strong>.csv</strong> file (at most 5 MB and {formatCount(IMPORT_MAX_ROWS)}{' '}
            rows) with a header row. Needed columns: <strong>Type</strong> (Part, Labor or Item) and{' '}
            <strong>Code</strong>; then Name, Description, Service Line and the kind&apos;s own columns (Unit Cost for
            labor and items; Parts Cost, Estimated Hours, Complexity, Labor Rate, Multi Technician, Truck Fee, Roof
            Access, Roof Access Fee for parts; Skill Level, Duration Hours, Overtime, Emergency; Category, Taxable). A
            row whose code exists is updated; blank cells keep what is there. A part&apos;s price always comes from the
            flat-rate formula.
          </p>
          <p className="mt-2">
            <a href={IMPORT_TEMPLATE_HREF} download className="font-medium text-blue-700 hover:underline">
              Download a template
            </a>{' '}
            or use an Export of this list.
          </p>
          <label className="mt-3 inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 font-medium text-slate-700 shadow-sm hover:bg-slate-50">
            <FileSpreadsheet className="h-4 w-4" aria-hidden />
            {file ? 'Choose another file' : 'Choose file'}
            <input
              type="file"
              className="sr-only"
              aria-label="Spreadsheet file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              onChange={(e) => {
                choose(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
          </label>
          {file ? <span className="ml-3 text-slate-700">{file.name}</span> : null}
        </div>

        {error ? <ErrorBanner message={error} /> : null}
        {preview.isPending ? <p className="text-sm text-slate-600">Checking the file...</p> : null}

        {result ? (
          <div className="space-y-3">
            <div className="flex flex-wrap items-center gap-2 text-sm" aria-label="Import summary">
              {(Object.keys(STATUS) as ImportStatus[]).map((status) => (
                <Badge key={status} tone={STATUS[status].tone}>
                  {STATUS[status].label}: {result.counts[status]}
                </Badge>
              ))}
              <div className="ml-auto w-48">
                <SelectInput
                  aria-label="Show rows"
                  value={show}
                  onChange={(e) => setShow(e.target.value as ImportStatus | '')}
                >
                  <option value="">All rows</option>
                  {(Object.keys(STATUS) as ImportStatus[]).map((status) => (
                    <option key={status} value={status}>
                      {STATUS[status].label} only
                    </option>
                  ))}
                </SelectInput>
              </div>
            </div>
            {result.ignoredColumns.length ? (
              <InfoBanner>Columns not used: {result.ignoredColumns.join(', ')}.</InfoBanner>
            ) : null}
            {result.counts.invalid > 0 ? (
              <InfoBanner>Invalid rows are skipped; fix them in the file and import it again to add them.</InfoBanner>
            ) : null}
            {/* A scrolling region: focusable, so the keyboard can scroll it too. */}
            <div
              className="max-h-96 overflow-y-auto rounded-md border border-slate-200"
              tabIndex={0}
              role="region"
              aria-label="Rows of the file"
            >
              <DataTable
                bare
                label="Rows of the file"
                columns={PREVIEW_COLUMNS}
                rows={rows.slice(0, SHOWN_ROWS)}
                getRowKey={(row) => String(row.rowNumber)}
                getRowLabel={(row) => `row ${row.rowNumber}`}
                getRowTestId={(row) => `import-row-${row.rowNumber}`}
                empty="No rows with this status."
              />
              {rows.length > SHOWN_ROWS ? (
                <p className="px-3 py-2 text-xs text-slate-600">
                  Showing the first {SHOWN_ROWS} of {formatCount(rows.length)} rows; choose a status above to narrow the
                  list.
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
