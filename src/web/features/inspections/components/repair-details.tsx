import { Pencil } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { REPAIR_PHASE_LABELS, REPAIR_PHASES, repairCostsOf, usd, type Repair } from '../../../../domain/repairs';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { INSPECTION_TEXTS } from '../inspections-texts';
import { CostSummary } from './cost-summary';

/**
 * The saved summary of a repair record, with Edit Repair Details. The total is the server's.
 * `autoFocus`: the summary just replaced the form (saved or cancelled), so Edit Repair Details takes
 * the focus the form's button had.
 */
export function RepairDetails({
  repair,
  label,
  onEdit,
  autoFocus,
}: {
  repair: Repair;
  label: string;
  onEdit?: (() => void) | undefined;
  autoFocus?: boolean;
}) {
  const editRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) editRef.current?.focus();
  }, [autoFocus]);
  const lines = (title: string, rows: Repair['accessories']) =>
    rows.length ? (
      <div>
        <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
        <ul className="mt-1 divide-y divide-slate-100 text-sm">
          {rows.map((row, i) => (
            <li key={`${row.name}-${i}`} className="flex justify-between gap-4 py-1">
              <span className="text-slate-700">{row.name}</span>
              <span className="text-slate-900 tabular-nums">{usd(row.costCents)}</span>
            </li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <div className="space-y-4" data-testid="repair-details">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="purple">{REPAIR_PHASE_LABELS[repair.selectedPhase]}</Badge>
          {repair.needsCrane ? <Badge tone="amber">Needs crane</Badge> : null}
        </div>
        {onEdit ? (
          <Button
            ref={editRef}
            variant="secondary"
            className="h-11"
            onClick={onEdit}
            aria-label={`${INSPECTION_TEXTS.editRepair} of ${label}`}
          >
            <Pencil className="h-4 w-4" aria-hidden />
            {INSPECTION_TEXTS.editRepair}
          </Button>
        ) : null}
      </div>
      <ul className="grid gap-3 md:grid-cols-3">
        {REPAIR_PHASES.map((phase) => (
          <li
            key={phase}
            className={cn(
              'rounded-md border p-3',
              repair.selectedPhase === phase
                ? 'border-blue-500 bg-blue-50/60 ring-1 ring-blue-500'
                : 'border-slate-200',
            )}
          >
            <div className="flex items-baseline justify-between gap-2">
              <p className="text-sm font-semibold text-slate-900">
                {REPAIR_PHASE_LABELS[phase]}
                {repair.selectedPhase === phase ? (
                  <span className="ml-1 text-xs font-normal text-blue-800">(chosen)</span>
                ) : null}
              </p>
              <p className="text-sm text-slate-900 tabular-nums">{usd(repair[phase].costCents)}</p>
            </div>
            {repair[phase].description !== REPAIR_PHASE_LABELS[phase] ? (
              <p className="mt-1 text-sm whitespace-pre-line text-slate-600">{repair[phase].description}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {lines('Accessories', repair.accessories)}
      {lines('Additional Items', repair.additionalItems)}
      {repair.warranty ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Warranty</h4>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{repair.warranty}</p>
        </div>
      ) : null}
      <CostSummary costs={repairCostsOf(repair)} totalCents={repair.totalCents} />
    </div>
  );
}
