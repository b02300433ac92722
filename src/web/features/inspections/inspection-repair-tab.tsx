import { CheckCheck, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { INSPECTION_MESSAGES, type Inspection } from '../../../domain/inspections';
import type { JobDetail } from '../../../domain/jobs';
import { repairCostSumCents, repairCostsOf, type Repair } from '../../../domain/repairs';
import { errorMessage } from '../../lib/api-client';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import {
  useDeleteInspection,
  useDeletePhoto,
  useFinishRepairs,
  useInspectionQuoteState,
  useJobInspections,
  useMarkComplete,
  useRepairSummary,
  useSaveInspection,
  useSaveRepair,
  useUploadPhoto,
} from './api/inspections-queries';
import { EarlierRecommendations } from './components/earlier-recommendations';
import { inspectionLabel, InspectionList } from './components/inspection-list';
import { InspectionPhotos } from './components/inspection-photos';
import { RepairDetails } from './components/repair-details';
import { RepairForm } from './components/repair-form';
import { RepairSummaryCard } from './components/repair-summary-card';
import {
  deleteInspectionDescription,
  INSPECTION_TEXTS,
  markCompleteToast,
  resendBannerText,
} from './inspections-texts';
import { useCompanyTimeZone } from '../../lib/company';
import { lazyDialog } from '../../lib/lazy-dialog';

// Checks with the API's schema: loaded and mounted on first opening (decision 057).
const InspectionFormDialog = lazyDialog(() => import('./components/inspection-form-dialog'), 'InspectionFormDialog');

/** What the tab needs of the job (the job page passes its JobDetail). */
export interface InspectionTabJob {
  id: string;
  /**
   * The job's permissions: a technician changes inspections and repairs on the jobs assigned to
   * them, as with items (RULINGS.md, Roles), so `editItems` says whether this user may.
   */
  can?: Pick<JobDetail['can'], 'editItems'>;
}

/** A repair opens in edit mode until something is priced; after that, its saved summary. */
const nothingPriced = (repair: Repair | null) =>
  repair === null || (repair.totalCents === 0 && repairCostSumCents(repairCostsOf(repair)) === 0);

function RepairPanel({
  inspection,
  label,
  canEdit,
  onSave,
  onDirtyChange,
}: {
  inspection: Inspection;
  label: string;
  canEdit: boolean;
  onSave: Parameters<typeof RepairForm>[0]['onSave'];
  onDirtyChange: (dirty: boolean) => void;
}) {
  const repair = inspection.repair;
  const [editing, setEditing] = useState(() => canEdit && nothingPriced(repair));
  // A keyboard user keeps their place: Edit Repair Details moves focus into the form, and Save or
  // Cancel back to Edit Repair Details (the control that replaced the form). Not on first show.
  const [moveFocus, setMoveFocus] = useState(false);
  const toggle = (edit: boolean) => {
    setMoveFocus(true);
    setEditing(edit);
  };
  return (
    <section aria-labelledby={`repair-${inspection.id}`} className="space-y-3">
      <h3 id={`repair-${inspection.id}`} className="text-sm font-semibold text-slate-900">
        {INSPECTION_TEXTS.repairTitle}
      </h3>
      {editing ? (
        <RepairForm
          repair={repair}
          label={label}
          onSave={async (input) => {
            const saved = await onSave(input);
            toggle(false);
            return saved;
          }}
          onCancel={repair ? () => toggle(false) : undefined}
          onDirtyChange={onDirtyChange}
          autoFocus={moveFocus}
        />
      ) : repair ? (
        <RepairDetails
          repair={repair}
          label={label}
          onEdit={canEdit ? () => toggle(true) : undefined}
          autoFocus={moveFocus}
        />
      ) : (
        <p className="text-sm text-slate-500">No repair details for this inspection yet.</p>
      )}
    </section>
  );
}

/**
 * The job page's Inspection/Repair tab: the job's inspections (newest first) with Add, Edit, select,
 * delete and Mark Complete; the selected inspection's photos and repair form; the summary of every
 * repair with the combined total and Finish Repair Details; and the resend banner when the
 * inspections changed after the quote was sent.
 */
export function InspectionRepairTab({
  job,
  quoteActions,
  onChanged,
}: {
  job: InspectionTabJob;
  quoteActions?: ReactNode;
  onChanged?: () => void;
}) {
  const jobId = job.id;
  const timeZone = useCompanyTimeZone();
  const canEdit = job.can?.editItems ?? true;
  const list = useJobInspections(jobId);
  const summary = useRepairSummary(jobId);
  const quoteState = useInspectionQuoteState(jobId);
  const saveInspection = useSaveInspection(jobId, onChanged);
  const deleteInspection = useDeleteInspection(jobId, onChanged);
  const markComplete = useMarkComplete(jobId, onChanged);
  const finish = useFinishRepairs(jobId, onChanged);
  const saveRepair = useSaveRepair(jobId, onChanged);
  const uploadPhoto = useUploadPhoto(jobId, onChanged);
  const deletePhoto = useDeletePhoto(jobId, onChanged);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Inspection | null>(null);
  const [deleting, setDeleting] = useState<Inspection | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [completeError, setCompleteError] = useState<string | null>(null);
  const [finishError, setFinishError] = useState<string | null>(null);
  // A repair form with changes not yet saved asks before another inspection replaces it.
  const [repairDirty, setRepairDirty] = useState(false);
  const [pendingSelect, setPendingSelect] = useState<string | null>(null);
  const select = (id: string) => {
    if (repairDirty && id !== selected?.id) setPendingSelect(id);
    else setSelectedId(id);
  };

  const items = list.data?.items ?? [];
  const selected = items.find((i) => i.id === selectedId) ?? items[0] ?? null;
  const labelOf = (inspectionId: string) => {
    const found = items.find((i) => i.id === inspectionId);
    return found ? inspectionLabel(items, found) : 'Inspection';
  };
  const allDone = items.length > 0 && items.every((i) => i.completed && i.repair);
  const markCompleteUnavailable = items.length === 0 || allDone || markComplete.isPending;
  const changed = quoteState.data?.changedSinceQuote ?? list.data?.quote.changedSinceQuote ?? false;

  const openForm = (inspection: Inspection | null) => {
    setEditing(inspection);
    setFormOpen(true);
  };

  const onMarkComplete = async () => {
    setCompleteError(null);
    try {
      const result = await markComplete.mutateAsync();
      toast.success(markCompleteToast(result.completedInspections, result.createdRepairs));
    } catch (error) {
      setCompleteError(errorMessage(error, INSPECTION_MESSAGES.finishFailed));
    }
  };

  const onFinish = async () => {
    setFinishError(null);
    // Finishing would leave typed figures out of the summary and the quote: save or cancel them first.
    if (repairDirty && selected) {
      setFinishError(INSPECTION_TEXTS.finishUnsaved(inspectionLabel(items, selected)));
      return;
    }
    try {
      await finish.mutateAsync();
      toast.success('Repair details finished: every inspection is complete');
    } catch (error) {
      setFinishError(errorMessage(error, INSPECTION_MESSAGES.finishFailed));
    }
  };

  if (list.isPending) return <Spinner label="Loading inspections..." />;
  if (list.isError) return <ErrorBanner message={INSPECTION_MESSAGES.loadFailed} />;

  const selectedLabel = selected ? inspectionLabel(items, selected) : '';
  return (
    <div className="space-y-4" data-testid="inspection-repair-tab">
      {changed ? (
        <InfoBanner>
          <p role="status" data-testid="resend-banner">
            {resendBannerText(quoteState.data?.quoteSentAt ?? list.data?.quote.quoteSentAt ?? null, timeZone)}
          </p>
        </InfoBanner>
      ) : null}

      <Card>
        <CardHeader
          title={INSPECTION_TEXTS.listTitle}
          actions={
            <>
              {quoteActions}
              {canEdit ? (
                <>
                  {/* aria-disabled, not disabled: pressing it must not drop the keyboard focus when it turns unavailable */}
                  <Button
                    variant="secondary"
                    className="h-11"
                    onClick={() => !markCompleteUnavailable && void onMarkComplete()}
                    aria-disabled={markCompleteUnavailable}
                  >
                    <CheckCheck className="h-4 w-4" aria-hidden />
                    {markComplete.isPending ? INSPECTION_TEXTS.completing : INSPECTION_TEXTS.markComplete}
                  </Button>
                  <Button className="h-11" onClick={() => openForm(null)}>
                    <Plus className="h-4 w-4" aria-hidden />
                    {INSPECTION_TEXTS.add}
                  </Button>
                </>
              ) : null}
            </>
          }
        />
        <CardBody className="space-y-3">
          {completeError ? <ErrorBanner message={completeError} /> : null}
          {items.length === 0 ? (
            <EmptyState>{INSPECTION_MESSAGES.empty}</EmptyState>
          ) : (
            <InspectionList
              items={items}
              selectedId={selected?.id ?? null}
              onSelect={(i) => select(i.id)}
              onEdit={(i) => openForm(i)}
              onDelete={(i) => {
                setDeleteError(null);
                setDeleting(i);
              }}
              canEdit={canEdit}
            />
          )}
        </CardBody>
      </Card>

      {selected ? (
        <Card data-testid="selected-inspection">
          <CardHeader title={`${selectedLabel}: photos and repair`} />
          <CardBody className="space-y-6">
            <InspectionPhotos
              inspection={selected}
              label={selectedLabel}
              canEdit={canEdit}
              onUpload={(file) => uploadPhoto.mutateAsync({ inspectionId: selected.id, file })}
              onDelete={(photo) => deletePhoto.mutateAsync({ inspectionId: selected.id, photoId: photo.id })}
            />
            <RepairPanel
              key={selected.id}
              inspection={selected}
              label={selectedLabel}
              canEdit={canEdit}
              onSave={(input) => saveRepair.mutateAsync({ inspectionId: selected.id, input })}
              onDirtyChange={setRepairDirty}
            />
          </CardBody>
        </Card>
      ) : null}

      {items.length ? (
        <RepairSummaryCard
          summary={summary.data}
          loading={summary.isPending}
          loadError={summary.isError ? INSPECTION_MESSAGES.loadFailed : null}
          labelOf={labelOf}
          onFinish={onFinish}
          finishing={finish.isPending}
          finishError={finishError}
          canFinish={canEdit}
        />
      ) : null}

      <EarlierRecommendations jobId={jobId} canEdit={canEdit} onChanged={onChanged} />

      <InspectionFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        inspection={editing}
        onSave={async (id, input) => {
          const saved = await saveInspection.mutateAsync({ id, input });
          if (!id) setSelectedId(saved.id);
          return saved;
        }}
      />
      <ConfirmDialog
        open={pendingSelect !== null}
        onOpenChange={(open) => !open && setPendingSelect(null)}
        title={INSPECTION_TEXTS.discardTitle}
        description={INSPECTION_TEXTS.discardDescription(selectedLabel)}
        confirmLabel={INSPECTION_TEXTS.discardConfirm}
        onConfirm={() => {
          setSelectedId(pendingSelect);
          setPendingSelect(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={INSPECTION_TEXTS.deleteTitle}
        description={deleting ? deleteInspectionDescription(inspectionLabel(items, deleting)) : ''}
        confirmLabel={INSPECTION_TEXTS.deleteConfirm}
        pendingLabel={INSPECTION_TEXTS.deleting}
        error={deleteError}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteInspection.mutateAsync(deleting.id);
            setDeleting(null);
          } catch (error) {
            setDeleteError(errorMessage(error, INSPECTION_MESSAGES.deleteFailed));
          }
        }}
      />
    </div>
  );
}
