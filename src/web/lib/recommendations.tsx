/**
 * A repair option found on a visit, as the unit page (customers) and the job page's "Open
 * recommendations from earlier visits" (inspections) both show it: what became of it, its three
 * options with their prices, and the Mark resolved dialog (issue 29, decision 044). Shared here
 * because two features show it; the rule itself is homeRules.openDeficiency / repairOutcome in
 * src/domain/home.ts and arrives computed by the server (`outcome`, `open`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { RepairOutcome } from '../../domain/home';
import type { UnitDeficiency } from '../../domain/repairs';
import {
  RESOLUTION_REASON_MAX,
  resolveRecommendationInput,
  type ResolveRecommendationInput,
} from '../../domain/unit-history';
import { Badge, type BadgeTone } from '../ui/badge';
import { FormDialog } from '../ui/dialog';
import { FormField, TextArea } from '../ui/form-field';
import { toast } from '../ui/toast';
import { errorMessage } from './api-client';
import { CompanyDate } from './company-date';
import { formatCents } from './format';
import { applyServerFieldErrors } from './form-errors';

export const REPAIR_OUTCOME_LABELS: Record<RepairOutcome, string> = {
  not_quoted: 'Not yet quoted',
  quoted: 'Quoted, awaiting decision',
  approved: 'Approved',
  declined: 'Declined',
  resolved: 'Resolved',
  carried: 'Added to a later job',
  none: 'Nothing priced',
};
const OUTCOME_TONES: Record<RepairOutcome, BadgeTone> = {
  not_quoted: 'amber',
  quoted: 'blue',
  approved: 'green',
  declined: 'red',
  resolved: 'gray',
  carried: 'gray',
  none: 'gray',
};

export const RECOMMENDATION_TEXTS = {
  resolveTitle: 'Mark Resolved',
  resolveSubmit: 'Mark Resolved',
  resolveFailed: 'Failed to mark the recommendation resolved',
  resolved: 'Recommendation marked resolved',
  added: 'Recommendation added to this job',
  addFailed: 'Failed to add the recommendation to this job',
} as const;

export function RepairOutcomeBadge({ outcome }: { outcome: RepairOutcome }) {
  return <Badge tone={OUTCOME_TONES[outcome]}>{REPAIR_OUTCOME_LABELS[outcome]}</Badge>;
}

/** "Premium Option: New 10-ton RTU" and the job it came from, for a dialog's description or a heading. */
export function recommendationTitle(r: Pick<UnitDeficiency, 'optionLabel' | 'optionDescription' | 'jobNumber'>) {
  const what =
    r.optionDescription && r.optionDescription !== r.optionLabel
      ? `${r.optionLabel}: ${r.optionDescription}`
      : r.optionLabel;
  return `${what} (job #${r.jobNumber})`;
}

/** The three options with their prices; the chosen one is marked. */
export function RepairTiers({ repair }: { repair: Pick<UnitDeficiency, 'tiers' | 'selectedPhase'> }) {
  return (
    <ul className="grid gap-1 text-xs text-slate-600 sm:grid-cols-3" aria-label="Repair options">
      {repair.tiers.map((tier) => {
        const chosen = tier.phase === repair.selectedPhase;
        return (
          <li
            key={tier.phase}
            className={
              chosen
                ? 'rounded border border-blue-200 bg-blue-50 px-2 py-1'
                : 'rounded border border-slate-200 px-2 py-1'
            }
          >
            <span className="font-medium text-slate-700">{tier.label}</span>
            {chosen ? <span className="sr-only"> (chosen)</span> : null}
            {tier.description !== tier.label ? <span className="line-clamp-2 block">{tier.description}</span> : null}
            <span className="block font-mono">{formatCents(tier.costCents)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** Who resolved it, when and why; or the job it was added to. */
export function RepairSettlement({ repair }: { repair: UnitDeficiency }) {
  if (repair.outcome === 'resolved' && repair.resolvedAt)
    return (
      <p className="text-xs text-slate-600" data-testid="repair-resolution">
        Resolved <CompanyDate value={repair.resolvedAt} />
        {repair.resolvedByName ? ` by ${repair.resolvedByName}` : ''}: {repair.resolutionReason}
      </p>
    );
  if (repair.outcome === 'carried' && repair.carriedToJobId)
    return (
      <p className="text-xs text-slate-600">
        Added to job{' '}
        <Link to={`/jobs/${repair.carriedToJobId}`} className="text-blue-700 underline">
          #{repair.carriedToJobNumber}
        </Link>
      </p>
    );
  return null;
}

/** Mark resolved: a reason is required; the recommendation is no longer open on the unit. */
export function ResolveRecommendationDialog({
  recommendation,
  open,
  onOpenChange,
  resolve,
  pending,
}: {
  recommendation: UnitDeficiency;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  resolve: (body: ResolveRecommendationInput) => Promise<unknown>;
  pending: boolean;
}) {
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<ResolveRecommendationInput>({
    resolver: zodResolver(resolveRecommendationInput),
    defaultValues: { reason: '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    setBanner(null);
    reset({ reason: '' });
  }, [open, reset]);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await resolve(values);
      onOpenChange(false);
      toast.success(RECOMMENDATION_TEXTS.resolved);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() }))
        setBanner(errorMessage(error, RECOMMENDATION_TEXTS.resolveFailed));
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={RECOMMENDATION_TEXTS.resolveTitle}
      description={`${recommendationTitle(recommendation)}. It will no longer show as open on the unit.`}
      formId="resolve-recommendation-form"
      submitLabel={RECOMMENDATION_TEXTS.resolveSubmit}
      pendingLabel="Saving..."
      pending={pending}
      error={banner}
      onSubmit={() => void submit()}
    >
      <FormField label="Reason" required error={form.formState.errors.reason?.message}>
        {(field) => <TextArea {...field} rows={3} maxLength={RESOLUTION_REASON_MAX} {...form.register('reason')} />}
      </FormField>
    </FormDialog>
  );
}
