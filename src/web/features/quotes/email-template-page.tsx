import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { isUuidV4 } from '../../../domain/ids';
import { QUOTE_EMAIL_PLACEHOLDERS, renderQuoteEmail, SAMPLE_QUOTE_EMAIL_VALUES } from '../../../domain/quote-email';
import {
  EMAIL_FIELD_LABELS,
  EMAIL_TEMPLATE_FIELDS,
  emailTemplateInput,
  TEMPLATE_QUOTE_TYPES,
  type EmailTemplate,
  type EmailTemplateField,
  type EmailTemplateInput,
  type TemplateQuoteType,
} from '../../../domain/quote-templates';
import { errorMessage } from '../../lib/api-client';
import { useCompanyInfo } from '../../lib/company';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { useCan } from '../../lib/can';
import { ErrorBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { FormField, TextArea, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { useDefaultEmailTemplate, useSaveEmailTemplate } from './api/quote-templates-api';
import { emailTemplatePath, TEMPLATE_TAB_LABELS, TEMPLATE_TEXTS } from './quote-texts';

const typeParam = z.enum(TEMPLATE_QUOTE_TYPES).catch('repair');

/** Fields written on several lines; the others are one line. */
const LONG_FIELDS = new Set<EmailTemplateField>([
  'introText',
  'approvalText',
  'approvalNote',
  'denialNote',
  'closingText',
  'signature',
]);

/**
 * The quote e-mail's wording per quote type (section 3's fields, all required), with a live
 * preview of the e-mail beside the form: the same renderQuoteEmail the send flow uses, filled with
 * sample values. Reached from /quotes/templates and from Edit Template on a job's Quotes card.
 */
export default function EmailTemplatePage() {
  const [params, setParams] = useSearchParams();
  const type = typeParam.parse(params.get('type') ?? undefined);
  const jobId = isUuidV4(params.get('jobId') ?? undefined) ? params.get('jobId')! : undefined;
  const template = useDefaultEmailTemplate(type);
  const back = jobId
    ? { to: `/jobs/${jobId}`, label: 'Back to Job Details' }
    : { to: `/quotes/templates${type === 'repair' ? '' : `?type=${type}`}`, label: 'Back to Quote Templates' };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Quote E-mail Template"
        subtitle="The e-mail a quote is sent with. Every field is required."
        back={back}
      />
      <Tabs
        label="Quote type"
        value={type}
        onChange={(next) =>
          setParams(new URLSearchParams(emailTemplatePath(next, jobId).split('?')[1]), { replace: true })
        }
        tabs={TEMPLATE_QUOTE_TYPES.map((t) => ({ value: t, label: TEMPLATE_TAB_LABELS[t] }))}
      />
      <div role="tabpanel" aria-label={`${TEMPLATE_TAB_LABELS[type]} quote e-mail`} className="pt-4">
        {template.isError ? (
          <ErrorBanner message={errorMessage(template.error, TEMPLATE_TEXTS.emailLoadFailed)} />
        ) : null}
        {template.isPending ? <Spinner label="Loading e-mail template..." /> : null}
        {template.data ? (
          <EmailTemplateEditor key={`${type}-${template.data.id ?? 'built-in'}`} type={type} template={template.data} />
        ) : null}
      </div>
    </div>
  );
}

function valuesOf(template: EmailTemplate, type: TemplateQuoteType): EmailTemplateInput {
  const content = Object.fromEntries(EMAIL_TEMPLATE_FIELDS.map((f) => [f, template[f]])) as Record<
    EmailTemplateField,
    string
  >;
  return { ...content, name: template.name, templateType: type };
}

function EmailTemplateEditor({ type, template }: { type: TemplateQuoteType; template: EmailTemplate }) {
  const canEdit = useCan('quoteTemplates.manage');
  const company = useCompanyInfo();
  const save = useSaveEmailTemplate();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<EmailTemplateInput>({
    resolver: zodResolver(emailTemplateInput),
    defaultValues: valuesOf(template, type),
  });
  const { register, handleSubmit, control, formState, reset } = form;
  const watched = useWatch({ control }) as Partial<EmailTemplateInput>;

  const content = Object.fromEntries(EMAIL_TEMPLATE_FIELDS.map((f) => [f, watched[f] ?? ''])) as Record<
    EmailTemplateField,
    string
  >;
  const rendered = renderQuoteEmail(content, {
    ...SAMPLE_QUOTE_EMAIL_VALUES,
    companyName: company.data?.name || SAMPLE_QUOTE_EMAIL_VALUES.companyName,
    quoteType: type,
  });

  const submit = handleSubmit(async (input) => {
    setBanner(null);
    try {
      const saved = await save.mutateAsync({ id: template.id, input });
      reset(valuesOf(saved, type));
      toast.success('E-mail template saved');
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() }))
        setBanner(errorMessage(error, TEMPLATE_TEXTS.emailSaveFailed));
    }
  });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader title={`${TEMPLATE_TAB_LABELS[type]} quote e-mail`} />
        <CardBody>
          <form
            onSubmit={submit}
            noValidate
            aria-label={`${TEMPLATE_TAB_LABELS[type]} quote e-mail template`}
            className="space-y-4"
          >
            {banner ? <ErrorBanner message={banner} /> : null}
            {template.builtIn ? (
              <p className="text-sm text-slate-600">
                This is the built-in wording. Saving stores it as this type&apos;s template.
              </p>
            ) : null}
            {!canEdit ? <p className="text-sm text-slate-600">{TEMPLATE_TEXTS.readOnly}</p> : null}
            <fieldset disabled={!canEdit || save.isPending} className="space-y-4">
              <FormField label="Template Name" required error={formState.errors.name?.message}>
                {(a11y) => <TextInput {...a11y} {...register('name')} autoComplete="off" />}
              </FormField>
              {EMAIL_TEMPLATE_FIELDS.map((field) => (
                <FormField
                  key={field}
                  label={EMAIL_FIELD_LABELS[field]}
                  required
                  error={formState.errors[field]?.message}
                >
                  {(a11y) =>
                    LONG_FIELDS.has(field) ? (
                      <TextArea {...a11y} {...register(field)} rows={field === 'introText' ? 4 : 2} />
                    ) : (
                      <TextInput {...a11y} {...register(field)} autoComplete="off" />
                    )
                  }
                </FormField>
              ))}
            </fieldset>
            <p className="text-xs text-slate-600">
              Placeholders filled in when a quote is sent: {QUOTE_EMAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}
            </p>
            {canEdit ? (
              <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
                <Button variant="secondary" disabled={!formState.isDirty || save.isPending} onClick={() => reset()}>
                  Discard Changes
                </Button>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : 'Save Template'}
                </Button>
              </div>
            ) : null}
          </form>
        </CardBody>
      </Card>
      <Card className="lg:sticky lg:top-4 lg:self-start">
        <CardHeader title="Preview" />
        <CardBody className="space-y-3">
          <p className="text-sm text-slate-600">With sample values; the buttons link to the customer&apos;s page.</p>
          <dl className="space-y-1 text-sm">
            <div className="flex gap-2">
              <dt className="text-slate-600">Subject:</dt>
              <dd className="font-medium text-slate-900" data-testid="email-preview-subject">
                {rendered.subject}
              </dd>
            </div>
          </dl>
          {/* Not sandboxed: the HTML is our own escaped rendering, the page's CSP (no inline scripts, frames only from this origin) covers a srcdoc frame, and a sandboxed frame cannot be read by accessibility checkers. */}
          <iframe
            title="E-mail preview"
            referrerPolicy="no-referrer"
            srcDoc={rendered.html}
            className="h-[640px] w-full rounded border border-slate-200 bg-slate-100"
          />
        </CardBody>
      </Card>
    </div>
  );
}
