import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ChangeEvent } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  formatPreservedPages,
  parsePreservedPages,
  PDF_TEMPLATE_MAX_BYTES,
  pdfTemplateUploadFields,
  TEMPLATE_MESSAGES,
  TEMPLATE_QUOTE_TYPES,
  type TemplateQuoteType,
} from '../../../../domain/quote-templates';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormField, SelectInput, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useUploadPdfTemplate } from '../api/quote-templates-api';
import { TEMPLATE_TEXTS, TEMPLATE_TYPE_OPTION_LABELS } from '../quote-texts';

/** A file the browser calls a PDF, or one named .pdf when the browser gives no type. */
function looksLikePdf(file: File): boolean {
  return file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The upload's text fields as the API checks them (pdfTemplateUploadFields; the select offers one type), and the file beside them. */
const templateForm = pdfTemplateUploadFields.extend({
  templateType: z.enum(TEMPLATE_QUOTE_TYPES),
  file: z.custom<File | null>().refine((file) => file !== null, TEMPLATE_MESSAGES.noFile),
});
type TemplateValues = z.input<typeof templateForm>;
const TEMPLATE_FIELDS = ['name', 'templateType', 'file', 'preservedPages'] as const;

/**
 * "Add PDF Template": name, type, the PDF (with the upload's progress in percent) and the preserved
 * pages. Save Template stays disabled until a name and a file are there, and while uploading.
 */
export function AddPdfTemplateDialog({
  open,
  onOpenChange,
  defaultType,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultType: TemplateQuoteType;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add PDF Template"
      description="Quotes are printed on the default template of their type."
      size="md"
    >
      {open ? <AddPdfTemplateForm defaultType={defaultType} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function AddPdfTemplateForm({ defaultType, onDone }: { defaultType: TemplateQuoteType; onDone: () => void }) {
  const upload = useUploadPdfTemplate();
  const form = useForm<TemplateValues, unknown, z.output<typeof templateForm>>({
    resolver: zodResolver(templateForm),
    defaultValues: { name: '', templateType: defaultType, preservedPages: '', file: null },
    // An error stays until the next save; typing in its field (or another file) clears it.
    reValidateMode: 'onSubmit',
    // The name, else the file, takes the focus (`focusProblem`), whatever the order of the errors.
    shouldFocusError: false,
  });
  const { register, handleSubmit, formState, setValue, setError, clearErrors, setFocus, getFieldState, watch } = form;
  const errors = formState.errors;
  // The file is no text input: the controller gives the form its value and a focus target for its errors.
  const fileField = useController({ control: form.control, name: 'file' });
  const [progress, setProgress] = useState<number | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const progressId = useId();
  const uploading = upload.isPending;
  const file = watch('file');
  const preservedPages = watch('preservedPages') ?? '';
  const canSave = watch('name').trim() !== '' && file !== null && !uploading;

  const refuseFile = (message: string) => {
    setValue('file', null);
    setError('file', { type: 'manual', message });
  };
  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setBanner(null);
    if (!chosen) {
      refuseFile(TEMPLATE_MESSAGES.noFile);
      return;
    }
    if (!looksLikePdf(chosen)) {
      event.target.value = '';
      refuseFile(TEMPLATE_MESSAGES.notPdf);
      return;
    }
    if (chosen.size > PDF_TEMPLATE_MAX_BYTES) {
      event.target.value = '';
      refuseFile(TEMPLATE_MESSAGES.tooLarge);
      return;
    }
    setValue('file', chosen);
    clearErrors('file');
  };

  const focusProblem = () => {
    if (getFieldState('name').error) setFocus('name');
    else if (getFieldState('file').error) setFocus('file');
  };

  const submit = async (values: z.output<typeof templateForm>) => {
    if (!values.file) return;
    setProgress(0);
    try {
      const created = await upload.mutateAsync({
        input: {
          name: values.name,
          templateType: values.templateType,
          preservedPages: values.preservedPages,
          file: values.file,
        },
        onProgress: setProgress,
      });
      toast.success(
        created.isDefault ? `Template "${created.name}" added and set as default` : `Template "${created.name}" added`,
      );
      onDone();
    } catch (error) {
      setProgress(null);
      if (applyServerFieldErrors(error, setError, { known: TEMPLATE_FIELDS, focus: false })) focusProblem();
      else setBanner(errorMessage(error, TEMPLATE_TEXTS.addFailed));
    }
  };

  const parsed = preservedPages.trim() ? formatPreservedPages(parsePreservedPages(preservedPages)) : null;

  return (
    <form
      onSubmit={(event) => {
        setBanner(null);
        void handleSubmit(submit, focusProblem)(event);
      }}
      noValidate
      aria-label="Add PDF template"
      className="space-y-4"
    >
      {banner ? <ErrorBanner message={banner} /> : null}
      <FormField label="Template Name" required error={errors.name?.message}>
        {(a11y) => (
          <TextInput
            {...a11y}
            maxLength={200}
            autoComplete="off"
            {...register('name', { onChange: () => clearErrors('name') })}
          />
        )}
      </FormField>
      <FormField label="Template Type" error={errors.templateType?.message}>
        {(a11y) => (
          <SelectInput {...a11y} {...register('templateType')}>
            {TEMPLATE_QUOTE_TYPES.map((type) => (
              <option key={type} value={type}>
                {TEMPLATE_TYPE_OPTION_LABELS[type]}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <FormField label="PDF File" required error={errors.file?.message} hint={TEMPLATE_TEXTS.uploadHint}>
        {(a11y) => (
          <input
            {...a11y}
            ref={fileField.field.ref}
            type="file"
            accept="application/pdf,.pdf"
            disabled={uploading}
            onChange={pickFile}
            onBlur={fileField.field.onBlur}
            className="block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:border-0 file:border-r file:border-slate-300 file:bg-slate-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-100 focus:ring-2 focus:ring-blue-500 focus:outline-none"
          />
        )}
      </FormField>
      {file ? (
        <p className="text-xs text-slate-600" data-testid="chosen-file">
          {file.name} ({formatSize(file.size)})
        </p>
      ) : null}
      {progress !== null ? (
        <div className="space-y-1">
          <div className="flex justify-between text-sm text-slate-700">
            <span id={progressId}>{progress < 100 ? 'Uploading...' : 'Checking the PDF...'}</span>
            <span aria-live="polite" data-testid="upload-progress">
              {progress}%
            </span>
          </div>
          <progress
            aria-labelledby={progressId}
            max={100}
            value={progress}
            className="h-2 w-full overflow-hidden rounded [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-blue-600"
          />
        </div>
      ) : null}
      <FormField
        label="Preserved Pages"
        error={errors.preservedPages?.message}
        hint={
          <>
            {TEMPLATE_TEXTS.preservedPagesHint}
            {parsed ? <> Pages kept: {parsed}.</> : null}
          </>
        }
      >
        {(a11y) => (
          <TextInput
            {...a11y}
            maxLength={500}
            placeholder={TEMPLATE_TEXTS.preservedPagesPlaceholder}
            autoComplete="off"
            {...register('preservedPages', { onChange: () => clearErrors('preservedPages') })}
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onDone} disabled={uploading}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSave}>
          {uploading ? 'Uploading...' : 'Save Template'}
        </Button>
      </div>
    </form>
  );
}
