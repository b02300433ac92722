import { formatPermille, type AgreementPullThrough } from '../../../../domain/agreements';
import { formatDuration } from '../../../../domain/dates';
import { errorMessage } from '../../../lib/api-client';
import { formatCents, formatCount } from '../../../lib/format';
import { ErrorBanner } from '../../../ui/banner';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { usePullThrough } from '../api/agreement-reports-api';
import { AGREEMENT_REPORT_TEXTS } from '../agreement-report-texts';

function Figure({ label, value, note }: { label: string; value: string | undefined; note?: string | undefined }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      {/* The same height loading or loaded: the card never jumps. */}
      <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{value ?? '–'}</dd>
      <dd className="min-h-5 text-xs text-slate-600">{note ?? ''}</dd>
    </div>
  );
}

/** The agreement's pull-through: visits done against planned, repairs and their revenue; profit for admin and manager. */
export function PullThroughCard({ agreementId }: { agreementId: string }) {
  const figures = usePullThrough(agreementId);
  const f: AgreementPullThrough | undefined = figures.data;
  const p = f?.profitability;
  return (
    <Card>
      <CardHeader title="Pull-through" />
      <CardBody>
        {figures.isError ? (
          <ErrorBanner message={errorMessage(figures.error, AGREEMENT_REPORT_TEXTS.fetchPullThrough)} />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={figures.isPending}>
            <Figure
              label="Visits done"
              value={f ? `${formatCount(f.visitsDone)} of ${formatCount(f.visitsPlannedToDate)}` : undefined}
              note={f ? `planned to date; ${formatCount(f.visitsPlannedTerm)} in the term` : undefined}
            />
            <Figure
              label="Repairs quoted"
              value={f ? formatCents(f.repairsQuotedCents) : undefined}
              note={f ? AGREEMENT_REPORT_TEXTS.quotes(f.repairsQuotedCount) : undefined}
            />
            <Figure
              label="Repairs approved"
              value={f ? formatCents(f.repairsApprovedCents) : undefined}
              note={f ? AGREEMENT_REPORT_TEXTS.quotes(f.repairsApprovedCount) : undefined}
            />
            <Figure
              label="Repair revenue"
              value={f ? formatCents(f.repairRevenueCents) : undefined}
              note="invoiced, before tax"
            />
            {f === undefined || p ? (
              <>
                <Figure
                  label="Agreement revenue"
                  value={f ? formatCents(f.agreementRevenueCents) : undefined}
                  note="the term's price"
                />
                <Figure
                  label="Labor cost"
                  value={p ? formatCents(p.laborCostCents) : undefined}
                  note={
                    p
                      ? p.laborRateCents
                        ? `${formatDuration(p.laborMinutes)} at ${formatCents(p.laborRateCents)} an hour`
                        : AGREEMENT_REPORT_TEXTS.noLaborRate
                      : undefined
                  }
                />
                <Figure label="Parts cost" value={p ? formatCents(p.partsCostCents) : undefined} />
                <Figure
                  label="Profit"
                  value={p ? formatCents(p.profitCents) : undefined}
                  note={p && p.marginPermille !== null ? `${formatPermille(p.marginPermille)} margin` : undefined}
                />
              </>
            ) : null}
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
