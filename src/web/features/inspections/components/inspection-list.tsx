import { CheckCircle2, Pencil, Trash2 } from 'lucide-react';
import { inspectionDeleteRefusal, orNA, type Inspection } from '../../../../domain/inspections';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { INSPECTION_TEXTS } from '../inspections-texts';

/** "Inspection 2": numbered in the order they were added, so a number stays with its inspection. */
export function inspectionLabel(items: readonly Inspection[], inspection: Inspection): string {
  const index = items.findIndex((i) => i.id === inspection.id);
  return `Inspection ${index < 0 ? '' : items.length - index}`.trim();
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className="truncate text-sm text-slate-900">{value}</dd>
    </div>
  );
}

/** The job's inspections, newest first: select one (its photos and repair show below), edit, delete. */
export function InspectionList({
  items,
  selectedId,
  onSelect,
  onEdit,
  onDelete,
  canEdit,
}: {
  items: Inspection[];
  selectedId: string | null;
  onSelect: (inspection: Inspection) => void;
  onEdit: (inspection: Inspection) => void;
  onDelete: (inspection: Inspection) => void;
  canEdit: boolean;
}) {
  return (
    <ul className="space-y-2" aria-label="Inspections, newest first">
      {items.map((inspection) => {
        const label = inspectionLabel(items, inspection);
        const selected = inspection.id === selectedId;
        // The server's own rule: a delete it would refuse is not offered; the button says why instead.
        const deleteRefusal = inspectionDeleteRefusal(inspection);
        const reasonId = `inspection-${inspection.id}-no-delete`;
        return (
          <li
            key={inspection.id}
            data-testid="inspection-row"
            className={cn(
              'flex flex-wrap items-stretch gap-2 rounded-md border p-2 sm:flex-nowrap',
              selected ? 'border-blue-500 bg-blue-50/60 ring-1 ring-blue-500' : 'border-slate-200 bg-white',
            )}
          >
            <button
              type="button"
              aria-pressed={selected}
              aria-label={`Select ${label}`}
              onClick={() => onSelect(inspection)}
              className="min-h-11 min-w-0 flex-1 rounded-md px-2 py-1 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold text-slate-900">{label}</span>
                {inspection.completed ? (
                  <Badge tone="green">
                    <CheckCircle2 className="mr-1 h-3 w-3" aria-hidden />
                    {INSPECTION_TEXTS.completed}
                  </Badge>
                ) : (
                  <Badge tone="gray">{INSPECTION_TEXTS.open}</Badge>
                )}
                {inspection.photos.length ? (
                  <Badge tone="blue">
                    {inspection.photos.length} {inspection.photos.length === 1 ? 'photo' : 'photos'}
                  </Badge>
                ) : null}
              </span>
              <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 xl:grid-cols-6">
                <Fact term="Model" value={orNA(inspection.modelNumber)} />
                <Fact term="Serial" value={orNA(inspection.serialNumber)} />
                <Fact
                  term="Age"
                  value={
                    inspection.age === null ? 'N/A' : `${inspection.age} ${inspection.age === 1 ? 'year' : 'years'}`
                  }
                />
                <Fact term="Tonnage" value={orNA(inspection.tonnage)} />
                <Fact term="Unit Type" value={orNA(inspection.unitType)} />
                <Fact term="System Type" value={orNA(inspection.systemType)} />
              </dl>
            </button>
            {canEdit ? (
              <div className="flex items-center gap-1">
                <Button
                  variant="ghost"
                  className="h-11 w-11 px-0"
                  aria-label={`Edit ${label}`}
                  onClick={() => onEdit(inspection)}
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  className="h-11 w-11 px-0 text-red-700 hover:bg-red-50 hover:text-red-800"
                  aria-label={`Delete ${label}`}
                  aria-disabled={deleteRefusal ? true : undefined}
                  aria-describedby={deleteRefusal ? reasonId : undefined}
                  title={deleteRefusal ?? undefined}
                  onClick={() => {
                    if (!deleteRefusal) onDelete(inspection);
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
                {deleteRefusal ? (
                  <span id={reasonId} className="sr-only">
                    {deleteRefusal}
                  </span>
                ) : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
