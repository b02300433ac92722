import { zodResolver } from '@hookform/resolvers/zod';
import { BookmarkPlus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { presetInput, type JobPreset } from '../../../../../domain/jobs';
import { errorMessage } from '../../../../lib/api-client';
import { applyServerFieldErrors } from '../../../../lib/form-errors';
import { ErrorBanner } from '../../../../ui/banner';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { Dialog } from '../../../../ui/dialog';
import { FormField, TextInput } from '../../../../ui/form-field';
import { Spinner } from '../../../../ui/spinner';
import { toast } from '../../../../ui/toast';
import { useDeletePreset, usePresets, useSavePreset } from '../../api/jobs-api';
import { presetDataOf } from '../../job-form-values';
import { JOB_TEXTS } from '../../job-texts';
import type { JobFormState } from '../../use-job-form';
import { FormSection } from './form-section';

const presetNameSchema = presetInput.pick({ name: true });
type PresetNameValues = { name: string };

/**
 * The state Suggested Paths shares with its dialogs. The dialogs are drawn outside the job's
 * <form> (`PresetDialogs`): a form inside it would submit the job form too (React events bubble
 * through portals).
 */
export function usePresetDialogs() {
  const [saveOpen, setSaveOpen] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<JobPreset | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  return { saveOpen, setSaveOpen, banner, setBanner, deleting, setDeleting, deleteError, setDeleteError };
}
type PresetDialogsState = ReturnType<typeof usePresetDialogs>;

/**
 * Suggested Paths: the user's presets (apply one to fill the form, or delete it) and Save as Preset,
 * which stores the form as typed (without its dates) under a name. A failed save is shown in the
 * dialog and above the list.
 */
export function PresetsSection({ job, dialogs }: { job: JobFormState; dialogs: PresetDialogsState }) {
  const presets = usePresets();
  const { banner, setBanner, setSaveOpen, setDeleting, setDeleteError } = dialogs;

  return (
    <FormSection title="Suggested Paths" description="Your saved presets: apply one to fill the form.">
      {banner ? <ErrorBanner message={banner} /> : null}
      {presets.isPending ? (
        <Spinner label="Loading presets..." />
      ) : presets.isError ? (
        <ErrorBanner message={JOB_TEXTS.loadData} />
      ) : presets.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No saved presets yet. Fill in the form and choose Save as Preset.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Presets">
          {presets.data.items.map((preset) => (
            <li
              key={preset.id}
              className="inline-flex items-center rounded-md border border-slate-300 bg-white shadow-sm"
            >
              <button
                type="button"
                className="rounded-l-md px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
                onClick={() => job.applyPreset(preset)}
                aria-label={`Apply preset ${preset.name}`}
              >
                {preset.name}
              </button>
              <button
                type="button"
                className="rounded-r-md border-l border-slate-300 px-2 py-1.5 text-slate-600 hover:bg-red-50 hover:text-red-700"
                aria-label={`Delete preset ${preset.name}`}
                onClick={() => {
                  setDeleteError(null);
                  setDeleting(preset);
                }}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setBanner(null);
            setSaveOpen(true);
          }}
        >
          <BookmarkPlus className="h-4 w-4" aria-hidden /> Save as Preset
        </Button>
      </div>
    </FormSection>
  );
}

/** Save as Preset and Delete Preset, drawn after the job's form. */
export function PresetDialogs({ job, dialogs }: { job: JobFormState; dialogs: PresetDialogsState }) {
  const deletePreset = useDeletePreset();
  const { saveOpen, setSaveOpen, banner, setBanner, deleting, setDeleting, deleteError, setDeleteError } = dialogs;
  return (
    <>
      <SavePresetDialog open={saveOpen} onOpenChange={setSaveOpen} job={job} banner={banner} onBanner={setBanner} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Preset"
        description={deleting ? `Delete the preset "${deleting.name}"?` : ''}
        confirmLabel="Delete"
        error={deleteError}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deletePreset.mutateAsync(deleting.id);
            toast.success(`Preset "${deleting.name}" deleted`);
            setDeleting(null);
          } catch (error) {
            setDeleteError(errorMessage(error, JOB_TEXTS.deletePresetFailed));
          }
        }}
      />
    </>
  );
}

/** Save as Preset: react-hook-form on the name of `presetInput` (the API's schema); the data is the job form as typed. */
function SavePresetDialog({
  open,
  onOpenChange,
  job,
  banner,
  onBanner,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  job: JobFormState;
  banner: string | null;
  onBanner: (message: string | null) => void;
}) {
  const savePreset = useSavePreset();
  const form = useForm<PresetNameValues>({ resolver: zodResolver(presetNameSchema), defaultValues: { name: '' } });
  const { register, handleSubmit, formState, reset, setError, getValues } = form;

  // Each opening starts from an empty name.
  useEffect(() => {
    if (open) reset({ name: '' });
  }, [open, reset]);

  const save = async ({ name }: PresetNameValues) => {
    try {
      await savePreset.mutateAsync({
        name,
        data: presetDataOf(job.form.getValues(), job.company.selected?.label ?? null),
      });
      toast.success(`Preset "${name}" saved`);
      onOpenChange(false);
    } catch (error) {
      onBanner(
        applyServerFieldErrors(error, setError, { known: getValues() })
          ? null
          : errorMessage(error, JOB_TEXTS.savePresetFailed),
      );
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !savePreset.isPending && onOpenChange(next)}
      title="Save as Preset"
      description="Saves this form (without its dates) and its technicians under a name, for your next jobs."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={savePreset.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="preset-form" disabled={savePreset.isPending}>
            {savePreset.isPending ? 'Saving...' : 'Save Preset'}
          </Button>
        </>
      }
    >
      <form id="preset-form" noValidate className="space-y-3" onSubmit={handleSubmit(save)}>
        {banner ? <ErrorBanner message={banner} /> : null}
        <FormField label="Preset Name" required error={formState.errors.name?.message}>
          {(field) => <TextInput {...field} {...register('name')} maxLength={100} />}
        </FormField>
      </form>
    </Dialog>
  );
}
