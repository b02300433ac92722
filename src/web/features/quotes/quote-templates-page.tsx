import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import {
  formatPreservedPages,
  pdfTemplateListQuery,
  TEMPLATE_QUOTE_TYPES,
  type PdfTemplate,
} from '../../../domain/quote-templates';
import { errorMessage } from '../../lib/api-client';
import { useFormatDate } from '../../lib/company';
import { useCan } from '../../lib/can';
import { useUrlFilters } from '../../lib/url-state';
import { Badge } from '../../ui/badge';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { Tabs } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { useDeletePdfTemplate, usePdfTemplates, useUsePdfTemplate } from './api/quote-templates-api';
import { AddPdfTemplateDialog } from './components/add-pdf-template-dialog';
import { emailTemplatePath, TEMPLATE_TAB_LABELS, TEMPLATE_TEXTS, TEMPLATE_TYPE_OPTION_LABELS } from './quote-texts';

/**
 * /quotes/templates: the PDF templates of each quote type (Repair first), the default marked; Add
 * PDF Template, Use Template, Delete; and the way to the type's e-mail wording.
 */
export default function QuoteTemplatesPage() {
  const { values, update } = useUrlFilters(pdfTemplateListQuery);
  const type = values.type;
  const canManage = useCan('quoteTemplates.manage');
  const templates = usePdfTemplates(type);
  const useTemplate = useUsePdfTemplate();
  const deleteTemplate = useDeletePdfTemplate();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PdfTemplate | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  const makeDefault = async (template: PdfTemplate) => {
    setBanner(null);
    try {
      await useTemplate.mutateAsync({ id: template.id, type });
      // "Use Template" disappears from the new default: keep the keyboard in its row, on its Delete.
      document.querySelector<HTMLElement>(`[data-delete-template="${template.id}"]`)?.focus();
      toast.success(`"${template.name}" is now the default ${TEMPLATE_TAB_LABELS[type].toLowerCase()} template`);
    } catch (error) {
      setBanner(errorMessage(error, TEMPLATE_TEXTS.setDefaultFailed));
    }
  };

  const columns: DataTableColumn<PdfTemplate>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (t) => (
        <span className="flex flex-wrap items-center gap-2">
          <a
            href={`/api/quote-templates/pdf/${t.id}/file`}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-blue-700 hover:underline"
            aria-label={`Open the PDF of ${t.name} (new tab)`}
          >
            {t.name}
          </a>
          {t.isDefault ? <Badge tone="green">Default</Badge> : null}
          {t.templateType === null ? <Badge tone="gray">All types</Badge> : null}
        </span>
      ),
    },
    {
      id: 'fileName',
      header: 'File',
      priority: 2,
      className: 'break-words',
      cell: (t) => <span className="text-slate-700">{t.fileName}</span>,
    },
    {
      id: 'pages',
      header: 'Preserved Pages',
      cell: (t) => (
        <span>
          {formatPreservedPages(t.preservedPages)}
          <span className="text-slate-500"> of {t.pageCount}</span>
        </span>
      ),
    },
    {
      id: 'dates',
      header: 'Created',
      priority: 2,
      cell: (t) => <TemplateDates createdAt={t.createdAt} updatedAt={t.updatedAt} />,
    },
    { id: 'uploadedBy', header: 'Uploaded By', priority: 3, cell: (t) => t.uploadedBy?.name ?? '' },
  ];

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Quote Templates"
        subtitle="PDF templates quotes are printed on, and the e-mail each quote is sent with"
        actions={
          <>
            <ButtonLink variant="secondary" to={emailTemplatePath(type)}>
              <Mail className="h-4 w-4" aria-hidden /> {TEMPLATE_TAB_LABELS[type]} E-mail Template
            </ButtonLink>
            {canManage ? (
              <Button onClick={() => setAdding(true)}>
                <Plus className="h-4 w-4" aria-hidden /> Add PDF Template
              </Button>
            ) : null}
          </>
        }
      />
      <Tabs
        label="Quote type"
        value={type}
        onChange={(next) => update({ type: next === 'repair' ? null : next }, { replace: true })}
        tabs={TEMPLATE_QUOTE_TYPES.map((t) => ({ value: t, label: TEMPLATE_TAB_LABELS[t] }))}
      />
      <div role="tabpanel" aria-label={`${TEMPLATE_TAB_LABELS[type]} templates`} className="space-y-4 pt-4">
        {!canManage ? <p className="text-sm text-slate-600">{TEMPLATE_TEXTS.readOnly}</p> : null}
        {templates.isError ? <ErrorBanner message={TEMPLATE_TEXTS.loadFailed} /> : null}
        {banner ? <ErrorBanner message={banner} /> : null}
        <DataTable
          label={`${TEMPLATE_TYPE_OPTION_LABELS[type]} PDF templates`}
          columns={columns}
          rows={templates.data?.items}
          loading={templates.isPending}
          loadingLabel="Loading templates..."
          busy={templates.isFetching}
          getRowKey={(t) => t.id}
          getRowLabel={(t) => `template ${t.name}`}
          getRowTestId={(t) => `template-${t.name}`}
          empty={
            templates.data?.emptyText ??
            `No PDF templates found for ${type} quotes. Upload your first PDF template to get started.`
          }
          emptyAction={canManage ? <Button onClick={() => setAdding(true)}>Add PDF Template</Button> : undefined}
          actions={
            canManage
              ? {
                  cell: (t) => (
                    <span className="flex flex-wrap justify-end gap-2">
                      {t.isDefault ? null : (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={useTemplate.isPending}
                          onClick={() => makeDefault(t)}
                          aria-label={`Use Template ${t.name}`}
                        >
                          Use Template
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="secondary"
                        className="text-red-700 hover:text-red-800"
                        onClick={() => {
                          setDeleteError(null);
                          setDeleting(t);
                        }}
                        aria-label={`Delete ${t.name}`}
                        data-delete-template={t.id}
                      >
                        Delete
                      </Button>
                    </span>
                  ),
                }
              : undefined
          }
        />
      </div>
      <AddPdfTemplateDialog open={adding} onOpenChange={setAdding} defaultType={type} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={TEMPLATE_TEXTS.deleteTitle}
        description={
          <>
            Are you sure you want to delete the template &quot;{deleting?.name}&quot;? {TEMPLATE_TEXTS.cannotBeUndone}
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        error={deleteError}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteTemplate.mutateAsync(deleting.id);
            toast.success(`Template "${deleting.name}" deleted`);
            setDeleting(null);
          } catch (error) {
            setDeleteError(errorMessage(error, TEMPLATE_TEXTS.deleteFailed));
          }
        }}
      />
    </div>
  );
}

/** Created, and Updated when on another day, as the company's calendar reads them. */
function TemplateDates({ createdAt, updatedAt }: { createdAt: string; updatedAt: string }) {
  const formatDate = useFormatDate();
  const created = formatDate(createdAt);
  const updated = formatDate(updatedAt);
  return (
    <span className="whitespace-nowrap">
      {created}
      {updated === created ? null : <span className="block text-xs text-slate-500">Updated {updated}</span>}
    </span>
  );
}
