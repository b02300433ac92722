import { usd, type RepairSummary } from '../../../../domain/repairs';
import { orNA } from '../../../../domain/inspections';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { INSPECTION_TEXTS } from '../inspections-texts';

/**
 * "Repair Details for All Inspections": each repair with its chosen option and total, the combined
 * total (the sum of the stored totals), and Finish Repair Details (which also marks complete).
 */
export function RepairSummaryCard({
  summary,
  loading,
  loadError,
  labelOf,
  onFinish,
  finishing,
  finishError,
  canFinish,
}: {
  summary: RepairSummary | undefined;
  loading: boolean;
  loadError: string | null;
  labelOf: (inspectionId: string) => string;
  onFinish: () => void;
  finishing: boolean;
  finishError: string | null;
  canFinish: boolean;
}) {
  return (
    <Card data-testid="repair-summary">
      <CardHeader
        title={INSPECTION_TEXTS.summaryTitle}
        actions={
          canFinish ? (
            <Button className="h-11" onClick={() => !finishing && onFinish()} aria-disabled={finishing}>
              {finishing ? INSPECTION_TEXTS.finishing : INSPECTION_TEXTS.finish}
            </Button>
          ) : null
        }
      />
      <CardBody className="space-y-3">
        {finishError ? <ErrorBanner message={finishError} /> : null}
        {loadError ? <ErrorBanner message={loadError} /> : null}
        {loading ? (
          <Spinner label="Loading repair details..." />
        ) : !summary || summary.items.length === 0 ? (
          <p className="text-sm text-slate-500">{INSPECTION_TEXTS.noRepairs}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {summary.items.map((item) => (
                <li
                  key={item.repairId}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2"
                  data-testid="repair-summary-row"
                >
                  <div className="min-w-0">
                    <p className="text-sm font-semibold text-slate-900">
                      {labelOf(item.inspectionId)}{' '}
                      <span className="font-normal text-slate-600">
                        · Model {orNA(item.modelNumber)} · Serial {orNA(item.serialNumber)}
                      </span>
                    </p>
                    <p className="text-sm text-slate-700">
                      {item.optionLabel}
                      {item.optionDescription && item.optionDescription !== item.optionLabel ? (
                        <span className="text-slate-600">: {item.optionDescription}</span>
                      ) : null}
                      <span className="text-slate-600"> ({usd(item.optionCostCents)} cost)</span>
                    </p>
                  </div>
                  <p className="text-sm font-semibold text-slate-900 tabular-nums">{usd(item.totalCents)}</p>
                </li>
              ))}
            </ul>
            <div className="flex items-baseline justify-between gap-4 border-t border-slate-300 pt-3">
              <p className="text-sm font-semibold text-slate-900">{INSPECTION_TEXTS.combinedTotal}</p>
              <p className="text-xl font-bold text-slate-900 tabular-nums" data-testid="combined-total">
                {usd(summary.totalCents)}
              </p>
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}
