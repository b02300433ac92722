import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  itemTotalsByType,
  JOB_ITEM_TYPES,
  type JobDetail,
  type JobItem,
  type JobOptions,
} from '../../../../domain/jobs';
import { errorMessage } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { formatQuantity } from '../../../../domain/invoices';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { toast } from '../../../ui/toast';
import { useDeleteJobItem } from '../api/jobs-api';
import { ITEM_TYPE_TITLES, JOB_TEXTS } from '../job-texts';
import { AddPricingDialog, EditItemDialog } from './item-dialogs';

const COLUMNS: DataTableColumn<JobItem>[] = [
  {
    id: 'name',
    header: 'Item',
    cell: (item) => (
      <span>
        <span className="block font-medium text-slate-900">{item.name}</span>
        <span className="block font-mono text-xs text-slate-600">{item.code}</span>
      </span>
    ),
  },
  {
    id: 'quantity',
    header: 'Quantity',
    align: 'right',
    className: 'w-24 tabular-nums',
    cell: (item) => formatQuantity(item.type, item.quantity),
  },
  {
    id: 'unitPrice',
    header: 'Unit Price',
    align: 'right',
    className: 'w-32 tabular-nums whitespace-nowrap',
    cell: (item) => formatCents(item.unitCostCents),
  },
  {
    id: 'total',
    header: 'Total',
    align: 'right',
    className: 'w-32 tabular-nums whitespace-nowrap font-medium',
    cell: (item) => formatCents(item.totalCents),
  },
];

/** The Items tab: parts, labor and other items in three tables, the grand total and Add Item. */
export function ItemsTab({
  job,
  serviceLines,
}: {
  job: JobDetail;
  serviceLines: JobOptions['serviceLines'] | undefined;
}) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<JobItem | null>(null);
  const [deleting, setDeleting] = useState<JobItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteJobItem();
  const totals = itemTotalsByType(job.items);
  const canEdit = job.can.editItems;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{job.items.length === 1 ? '1 item' : `${job.items.length} items`}</p>
        {canEdit ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add Item
          </Button>
        ) : null}
      </div>

      {job.items.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 py-8 text-center text-sm text-slate-500">
          {JOB_TEXTS.noItems}
        </p>
      ) : (
        JOB_ITEM_TYPES.map((type) => {
          const rows = job.items.filter((i) => i.type === type);
          if (rows.length === 0) return null;
          return (
            <section key={type} aria-label={ITEM_TYPE_TITLES[type]} className="space-y-2">
              <div className="flex items-baseline justify-between">
                <h3 className="text-sm font-semibold text-slate-900">{ITEM_TYPE_TITLES[type]}</h3>
                <span className="text-sm text-slate-600 tabular-nums">Subtotal {formatCents(totals[type])}</span>
              </div>
              <DataTable
                label={ITEM_TYPE_TITLES[type]}
                columns={COLUMNS}
                rows={rows}
                getRowKey={(i) => i.id}
                getRowLabel={(i) => i.name}
                getRowTestId={() => `job-item-${type}`}
                empty={JOB_TEXTS.noItems}
                actions={
                  canEdit
                    ? {
                        cell: (item) => (
                          <span className="flex justify-end gap-1">
                            <Button
                              variant="ghost"
                              size="sm"
                              onClick={() => setEditing(item)}
                              aria-label={`Edit ${item.name}`}
                            >
                              <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              className="text-red-700 hover:bg-red-50 hover:text-red-800"
                              onClick={() => {
                                setDeleteError(null);
                                setDeleting(item);
                              }}
                              aria-label={`Delete ${item.name}`}
                            >
                              <Trash2 className="h-3.5 w-3.5" aria-hidden /> Delete
                            </Button>
                          </span>
                        ),
                      }
                    : undefined
                }
              />
            </section>
          );
        })
      )}

      <div className="flex justify-end border-t border-slate-200 pt-3 text-base">
        <span className="text-slate-700">
          Grand Total:{' '}
          <span className="font-semibold text-slate-900 tabular-nums" data-testid="items-grand-total">
            {formatCents(totals.all)}
          </span>
        </span>
      </div>

      {canEdit ? (
        <AddPricingDialog open={adding} onOpenChange={setAdding} job={job} serviceLines={serviceLines} />
      ) : null}
      <EditItemDialog jobId={job.id} item={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Item"
        description={deleting ? `Delete ${deleting.name} (${deleting.code}) from this job?` : ''}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        error={deleteError}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync({ id: job.id, itemId: deleting.id });
            toast.success(`${deleting.name} deleted`);
            setDeleting(null);
          } catch (error) {
            setDeleteError(errorMessage(error, JOB_TEXTS.deleteItem));
          }
        }}
      />
    </div>
  );
}
