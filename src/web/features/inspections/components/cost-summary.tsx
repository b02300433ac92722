import {
  explainRepairTotal,
  REPAIR_GROSS_MARGIN_PERCENT,
  REPAIR_PHASE_LABELS,
  repairCostSumCents,
  usd,
  type RepairCostsCents,
} from '../../../../domain/repairs';
import { INSPECTION_TEXTS } from '../inspections-texts';

/**
 * The cost summary under a repair form: each cost, their sum, and the total as a 40% gross margin
 * with the arithmetic spelled out ("why this price"). `totalCents` is the figure to show: the live
 * one while editing, the server's stored one on the saved summary.
 */
export function CostSummary({
  costs,
  totalCents,
  live,
}: {
  costs: RepairCostsCents;
  totalCents: number;
  live?: boolean;
}) {
  const rows: [string, number][] = [
    [`${REPAIR_PHASE_LABELS[costs.selectedPhase]} (chosen)`, costs.phaseCents[costs.selectedPhase]],
    ['Labor', costs.laborCents],
    ['Refrigeration recovery', costs.refrigerationRecoveryCents],
    ['Start-up costs', costs.startUpCents],
    ['Thermostat startup', costs.thermostatStartupCents],
    ['Removal cost', costs.removalCents],
    ['Permit cost', costs.permitCents],
    ['Accessories', costs.accessoriesCents.reduce((a, b) => a + b, 0)],
    ['Additional items', costs.additionalItemsCents.reduce((a, b) => a + b, 0)],
  ];
  const why = explainRepairTotal(costs);
  return (
    <section
      aria-label={INSPECTION_TEXTS.costSummary}
      className="max-w-2xl rounded-md border border-slate-200 bg-slate-50 p-4"
      data-testid="cost-summary"
    >
      <h4 className="text-sm font-semibold text-slate-900">{INSPECTION_TEXTS.costSummary}</h4>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, cents]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right text-slate-900 tabular-nums">{usd(cents)}</dd>
          </div>
        ))}
        <div className="contents font-medium">
          <dt className="border-t border-slate-300 pt-1 text-slate-800">Costs</dt>
          <dd className="border-t border-slate-300 pt-1 text-right text-slate-900 tabular-nums">
            {usd(repairCostSumCents(costs))}
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2 border-t border-slate-300 pt-3">
        <p className="text-sm font-semibold text-slate-900">
          Total <span className="font-normal text-slate-600">({REPAIR_GROSS_MARGIN_PERCENT}% gross margin)</span>
        </p>
        <p
          className="text-xl font-bold text-slate-900 tabular-nums"
          data-testid="repair-total"
          aria-live={live ? 'polite' : undefined}
        >
          {usd(totalCents)}
        </p>
      </div>
      <div className="mt-2">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{INSPECTION_TEXTS.whyThisPrice}</p>
        <ul className="mt-1 space-y-0.5 text-xs text-slate-700" data-testid="why-this-price">
          {why.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
