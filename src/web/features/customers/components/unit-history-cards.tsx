/**
 * The unit page's history across visits (issue 29, decision 044), in the places the specification
 * keeps for it: the Services card becomes the Service History (every visit, newest first, with its
 * technicians, inspections and repair options), and the Deficiencies card lists every repair option
 * with what became of it, and Mark resolved on the open ones for the office.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { UnitDeficiency } from '../../../../domain/repairs';
import { visitInstant, type UnitVisit, type VisitInspection } from '../../../../domain/unit-history';
import type { JobStatus } from '../../../../domain/home';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useFormatDate } from '../../../lib/company';
import { CompanyDate } from '../../../lib/company-date';
import { formatCents } from '../../../lib/format';
import {
  recommendationTitle,
  RepairOutcomeBadge,
  RepairSettlement,
  RepairTiers,
  ResolveRecommendationDialog,
} from '../../../lib/recommendations';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { Pager } from '../../../ui/pager';
import { Spinner } from '../../../ui/spinner';
import { useResolveUnitRecommendation, useUnitDeficiencies, useUnitHistory } from '../api/customers-api';
import { UNIT_MESSAGES } from '../customer-texts';

const JOB_STATUS_TONES: Record<JobStatus, BadgeTone> = {
  scheduled: 'blue',
  unscheduled: 'amber',
  completed: 'green',
  cancelled: 'gray',
};

/** "RTU · Gas · 5 tons · 12 years · Model 48TC · Serial 2211" from what the inspection recorded. */
function readings(inspection: VisitInspection): string {
  const parts = [
    inspection.systemType,
    inspection.unitType,
    inspection.tonnage ? `${inspection.tonnage} tons` : null,
    inspection.age === null ? null : `${inspection.age} years`,
    inspection.modelNumber ? `Model ${inspection.modelNumber}` : null,
    inspection.serialNumber ? `Serial ${inspection.serialNumber}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'No readings recorded';
}

function RepairLine({ repair }: { repair: UnitDeficiency }) {
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-800">{repair.optionLabel}</span>
        <span className="font-mono text-slate-700">{formatCents(repair.totalCents)}</span>
        <RepairOutcomeBadge outcome={repair.outcome} />
      </div>
      <RepairTiers repair={repair} />
      <RepairSettlement repair={repair} />
    </div>
  );
}

function VisitItem({ visit }: { visit: UnitVisit }) {
  const formatDate = useFormatDate();
  return (
    <li className="space-y-2 py-3" data-testid="unit-visit">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/jobs/${visit.jobId}`} className="font-medium text-blue-700 hover:underline">
          #{visit.jobNumber} {visit.jobName}
        </Link>
        <Badge tone={JOB_STATUS_TONES[visit.status]}>{visit.status}</Badge>
      </div>
      <p className="text-xs text-slate-600">
        {visit.completedAt ? 'Completed' : visit.scheduleStart ? 'Scheduled' : 'Created'}{' '}
        {formatDate(visitInstant(visit))}
        {' · '}
        {visit.technicians.length ? `Technician: ${visit.technicians.join(', ')}` : 'No technician assigned'}
      </p>
      {visit.inspections.length === 0 ? (
        <p className="text-sm text-slate-600">No inspections on this visit.</p>
      ) : (
        <ul className="space-y-2 border-l-2 border-slate-100 pl-3">
          {visit.inspections.map((inspection) => (
            <li key={inspection.id} className="space-y-1" data-testid="unit-visit-inspection">
              <p className="text-sm text-slate-700">
                <span className="font-medium">Inspection:</span> {readings(inspection)}{' '}
                {inspection.completed ? <Badge tone="green">completed</Badge> : <Badge tone="amber">in progress</Badge>}
              </p>
              {inspection.repair ? (
                <RepairLine repair={inspection.repair} />
              ) : (
                <p className="text-xs text-slate-600">No repair options recorded.</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Services: the unit's visits over time, newest first, five a page. */
export function ServiceHistoryCard({ unitId }: { unitId: string }) {
  const [page, setPage] = useState(1);
  const history = useUnitHistory(unitId, page);
  return (
    <Card className="md:col-span-2">
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            Service History <Badge tone="gray">{history.data?.total ?? 0}</Badge>
          </span>
        }
      />
      <CardBody className="py-0">
        {history.isError ? (
          <ErrorBanner className="my-3" message={errorMessage(history.error, UNIT_MESSAGES.fetchDetail)} />
        ) : null}
        {history.isPending ? (
          <Spinner />
        ) : history.data && history.data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">No visits recorded for this unit.</p>
        ) : history.data ? (
          <>
            <ul className="divide-y divide-slate-100" aria-label="Visits, newest first">
              {history.data.items.map((visit) => (
                <VisitItem key={visit.jobId} visit={visit} />
              ))}
            </ul>
            {history.data.total > history.data.pageSize ? (
              <Pager page={page} pageSize={history.data.pageSize} total={history.data.total} onPage={setPage} />
            ) : null}
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}

function DeficiencyItem({ deficiency, onResolve }: { deficiency: UnitDeficiency; onResolve: (() => void) | null }) {
  return (
    <li className="space-y-1 py-3" data-testid="unit-deficiency">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/jobs/${deficiency.jobId}`}
          className="font-mono text-sm font-semibold text-blue-700 hover:underline"
        >
          Job #{deficiency.jobNumber}
        </Link>
        <Badge tone="purple">{deficiency.optionLabel}</Badge>
        <Badge tone="green">{formatCents(deficiency.totalCents)}</Badge>
        <RepairOutcomeBadge outcome={deficiency.outcome} />
        {onResolve ? (
          <Button
            size="sm"
            variant="secondary"
            className="ml-auto"
            onClick={onResolve}
            aria-label={`Mark resolved: ${recommendationTitle(deficiency)}`}
          >
            Mark resolved
          </Button>
        ) : null}
      </div>
      {deficiency.optionDescription !== deficiency.optionLabel ? (
        <p className="line-clamp-2 text-sm text-slate-600">{deficiency.optionDescription}</p>
      ) : null}
      <RepairTiers repair={deficiency} />
      <RepairSettlement repair={deficiency} />
      <p className="text-xs text-slate-500">
        {deficiency.jobName} · recorded <CompanyDate value={deficiency.createdAt} />
        {deficiency.decidedAt ? (
          <>
            {' · decided '}
            <CompanyDate value={deficiency.decidedAt} />
          </>
        ) : null}
      </p>
    </li>
  );
}

/** Deficiencies: the unit's repair options across its jobs, newest first, with what became of each. */
export function DeficienciesCard({ unitId }: { unitId: string }) {
  const [page, setPage] = useState(1);
  const deficiencies = useUnitDeficiencies(unitId, page);
  const canResolve = useCan('recommendations.resolve');
  const resolve = useResolveUnitRecommendation(unitId);
  // The record stays after the dialog closes, so the dialog can close (and give the focus back) in place.
  const [resolving, setResolving] = useState<UnitDeficiency | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <Card className="md:col-span-2">
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            Deficiencies <Badge tone="gray">{deficiencies.data?.total ?? 0}</Badge>
          </span>
        }
      />
      <CardBody className="py-0">
        {deficiencies.isError ? (
          <ErrorBanner className="my-3" message={errorMessage(deficiencies.error, UNIT_MESSAGES.fetchDetail)} />
        ) : null}
        {deficiencies.isPending ? (
          <Spinner />
        ) : deficiencies.data && deficiencies.data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">No deficiencies recorded for this unit.</p>
        ) : deficiencies.data ? (
          <>
            <ul className="divide-y divide-slate-100">
              {deficiencies.data.items.map((deficiency) => (
                <DeficiencyItem
                  key={deficiency.repairId}
                  deficiency={deficiency}
                  onResolve={
                    canResolve && deficiency.open
                      ? () => {
                          setResolving(deficiency);
                          setOpen(true);
                        }
                      : null
                  }
                />
              ))}
            </ul>
            {deficiencies.data.total > deficiencies.data.pageSize ? (
              <Pager
                page={page}
                pageSize={deficiencies.data.pageSize}
                total={deficiencies.data.total}
                onPage={setPage}
              />
            ) : null}
          </>
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
