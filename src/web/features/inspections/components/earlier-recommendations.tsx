import { useState } from 'react';
import { Link } from 'react-router';
import type { UnitDeficiency } from '../../../../domain/repairs';
import { errorMessage } from '../../../lib/api-client';
import { CompanyDate } from '../../../lib/company-date';
import { formatCents } from '../../../lib/format';
import {
  RECOMMENDATION_TEXTS,
  recommendationTitle,
  RepairOutcomeBadge,
  RepairTiers,
  ResolveRecommendationDialog,
} from '../../../lib/recommendations';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { toast } from '../../../ui/toast';
import { useAddRecommendation, useEarlierRecommendations, useResolveRecommendation } from '../api/inspections-queries';

export const EARLIER_RECOMMENDATIONS_TITLE = 'Open recommendations from earlier visits';

/**
 * The job page's "Open recommendations from earlier visits" (issue 29, decision 044): the repair
 * options of the job's unit that earlier visits found and nobody sold, resolved or carried on, so
 * the technician on this visit sees them. Who may work on the job (`canEdit`: the office, or a
 * technician assigned to it) adds one to this job's repair options or marks it resolved. Shows
 * nothing when there are none.
 */
export function EarlierRecommendations({
  jobId,
  canEdit,
  onChanged,
}: {
  jobId: string;
  canEdit: boolean;
  onChanged?: () => void;
}) {
  const recommendations = useEarlierRecommendations(jobId);
  const add = useAddRecommendation(jobId, onChanged);
  const resolve = useResolveRecommendation(jobId, onChanged);
  const [error, setError] = useState<string | null>(null);
  const [resolving, setResolving] = useState<UnitDeficiency | null>(null);
  const [open, setOpen] = useState(false);

  if (recommendations.isError)
    return <ErrorBanner message={errorMessage(recommendations.error, 'Failed to load the open recommendations')} />;
  const data = recommendations.data;
  if (!data || data.total === 0) return null;

  const onAdd = async (r: UnitDeficiency) => {
    if (add.isPending) return;
    setError(null);
    try {
      await add.mutateAsync(r.repairId);
      toast.success(RECOMMENDATION_TEXTS.added);
    } catch (e) {
      setError(errorMessage(e, RECOMMENDATION_TEXTS.addFailed));
    }
  };

  return (
    <Card data-testid="earlier-recommendations">
      <CardHeader title={`${EARLIER_RECOMMENDATIONS_TITLE} (${data.total})`} />
      <CardBody className="space-y-3">
        {data.unitNumber ? (
          <p className="text-sm text-slate-600">
            Unit {data.unitNumber}: repair options found on earlier visits that were not sold, declined or resolved.
          </p>
        ) : null}
        {error ? <ErrorBanner message={error} /> : null}
        <ul className="divide-y divide-slate-100">
          {data.items.map((r) => (
            <li key={r.repairId} className="space-y-2 py-3" data-testid="earlier-recommendation">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{recommendationTitle(r)}</span>
                <span className="font-mono text-sm text-slate-700">{formatCents(r.totalCents)}</span>
                <RepairOutcomeBadge outcome={r.outcome} />
              </div>
              <p className="text-xs text-slate-600">
                Found on{' '}
                <Link to={`/jobs/${r.jobId}`} className="text-blue-700 underline">
                  job #{r.jobNumber}
                </Link>{' '}
                <CompanyDate value={r.createdAt} />
                {r.modelNumber ? ` · Model ${r.modelNumber}` : ''}
                {r.serialNumber ? ` · Serial ${r.serialNumber}` : ''}
              </p>
              <RepairTiers repair={r} />
              {canEdit ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    onClick={() => void onAdd(r)}
                    aria-disabled={add.isPending}
                    aria-label={`Add to this job: ${recommendationTitle(r)}`}
                  >
                    Add to this job
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Mark resolved: ${recommendationTitle(r)}`}
                    onClick={() => {
                      setResolving(r);
                      setOpen(true);
                    }}
                  >
                    Mark resolved
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {data.total > data.items.length ? (
          <p className="text-xs text-slate-600">
            Showing the newest {data.items.length} of {data.total}; the unit page lists them all.
          </p>
        ) : null}
      </CardBody>
      {resolving ? (
        <ResolveRecommendationDialog
          recommendation={resolving}
          open={open}
          onOpenChange={setOpen}
          pending={resolve.isPending}
          resolve={(body) => resolve.mutateAsync({ repairId: resolving.repairId, body })}
        />
      ) : null}
    </Card>
  );
}
