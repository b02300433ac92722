import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  formatPreservedPages,
  parsePreservedPages,
  PDF_TEMPLATE_MAX_BYTES,
  TEMPLATE_MESSAGES,
  TEMPLATE_QUOTE_TYPES,
  type TemplateQuoteType,
} from '../../../../domain/quote-templates';
import { ApiError, errorMessage } from '../../../lib/api-client';
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
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

type FieldErrors = Partial<Record<'name' | 'file' | 'preservedPages' | 'templateType', string>>;

/**
 * "Add PDF Template": name, type, the PDF (with the upload's progress in percent) and the preserved
 * pages. Save Template stays disabled until a name and a file are there, and while uploading.
 */
export function AddPdfTemplateDialog({ open, onOpenChange, defaultType }: { open: boolean; onOpenChange: (open: boolean) => void; defaultType: TemplateQuoteType }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add PDF Template" description="Quotes are printed on the default template of their type." size="md">
      {open ? <AddPdfTemplateForm defaultType={defaultType} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function AddPdfTemplateForm({ defaultType, onDone }: { defaultType: TemplateQuoteType; onDone: () => void }) {
  const upload = useUploadPdfTemplate();
  const [name, setName] = useState('');
  const [templateType, setTemplateType] = useState<TemplateQuoteType>(defaultType);
  const [preservedPages, setPreservedPages] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const progressId = useId();
  const uploading = upload.isPending;
  const canSave = name.trim() !== '' && file !== null && !uploading;

  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setBanner(null);
    if (!chosen) {
      setFile(null);
      setErrors((e) => ({ ...e, file: TEMPLATE_MESSAGES.noFile }));
      return;
    }
    if (!looksLikePdf(chosen)) {
      setFile(null);
      event.target.value = '';
      setErrors((e) => ({ ...e, file: TEMPLATE_MESSAGES.notPdf }));
      return;
    }
    if (chosen.size > PDF_TEMPLATE_MAX_BYTES) {
      setFile(null);
      event.target.value = '';
      setErrors((e) => ({ ...e, file: TEMPLATE_MESSAGES.tooLarge }));
      return;
    }
    setFile(chosen);
    setErrors((e) => ({ ...e, file: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: FieldErrors = {};
    if (!name.trim()) problems.name = TEMPLATE_MESSAGES.nameRequired;
    if (!file) problems.file = TEMPLATE_MESSAGES.noFile;
    setErrors(problems);
    setBanner(null);
    if (problems.name) nameInput.current?.focus();
    else if (problems.file) fileInput.current?.focus();
    if (!file || problems.name) return;
    setProgress(0);
    try {
      const created = await upload.mutateAsync({ input: { name: name.trim(), templateType, preservedPages, file }, onProgress: setProgress });
      toast.success(created.isDefault ? `Template "${created.name}" added and set as default` : `Template "${created.name}" added`);
      onDone();
    } catch (error) {
      setProgress(null);
      const fields = error instanceof ApiError ? error.fields : {};
      const known: FieldErrors = { name: fields.name, file: fields.file, preservedPages: fields.preservedPages, templateType: fields.templateType };
      if (Object.values(known).some(Boolean)) {
        setErrors(known);
        if (known.name) nameInput.current?.focus();
        else if (known.file) fileInput.current?.focus();
      } else {
        setBanner(errorMessage(error, TEMPLATE_TEXTS.addFailed));
      }
    }
  };

  const parsed = preservedPages.trim() ? formatPreservedPages(parsePreservedPages(preservedPages)) : null;

  return (
    <form onSubmit={submit} noValidate aria-label="Add PDF template" className="space-y-4">
      {banner ? <ErrorBanner message={banner} /> : null}
      <FormField label="Template Name" required error={errors.name}>
        {(a11y) => (
          <TextInput
            {...a11y}
            ref={nameInput}
            value={name}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => {
              setName(e.target.value);
              if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
            }}
          />
        )}
      </FormField>
      <FormField label="Template Type" error={errors.templateType}>
        {(a11y) => (
          <SelectInput {...a11y} value={templateType} onChange={(e) => setTemplateType(e.target.value as TemplateQuoteType)}>
            {TEMPLATE_QUOTE_TYPES.map((type) => (
              <option key={type} value={type}>
                {TEMPLATE_TYPE_OPTION_LABELS[type]}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <FormField label="PDF File" required error={errors.file} hint={TEMPLATE_TEXTS.uploadHint}>
        {(a11y) => (
          <input
            {...a11y}
            ref={fileInput}
            type="file"
            accept="application/pdf,.pdf"
            disabled={uploading}
            onChange={pickFile}
            className="block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:border-0 file:border-r file:border-slate-300 file:bg-slate-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-blue-500"
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
          <progress aria-labelledby={progressId} max={100} value={progress} className="h-2 w-full overflow-hidden rounded [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-blue-600" />
        </div>
      ) : null}
      <FormField
        label="Preserved Pages"
        error={errors.preservedPages}
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
            value={preservedPages}
            maxLength={500}
            placeholder={TEMPLATE_TEXTS.preservedPagesPlaceholder}
            autoComplete="off"
            onChange={(e) => {
              setPreservedPages(e.target.value);
              if (errors.preservedPages) setErrors((x) => ({ ...x, preservedPages: undefined }));
            }}
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
