import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
// The zod-free files, not companies.ts and contacts.ts (which build the API's schemas): the list's
// first paint loads no zod, and the form (which checks with the schema) loads when first opened
// (decision 057).
import {
  CONTACT_FILTER_KEYS,
  CONTACT_ROLE_LABELS,
  CONTACT_ROLES,
  contactListFilters,
} from '../../../domain/contact-lists';
import type { Contact } from '../../../domain/contacts';
import { errorMessage } from '../../lib/api-client';
import { useContacts } from '../../lib/contact-queries';
import { CompanyFilter } from '../../lib/company-filter';
import { useLocations } from '../../lib/customer-queries';
import { formatPhone } from '../../lib/format';
import { useLiveFilters } from '../../lib/live-filters';
import { useCustomerPermissions } from '../../lib/permissions';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { FormField, SelectInput, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { exportUrl } from './api/customers-api';
import { ContactDeleteDialog } from './components/contact-delete-dialog';
import type { ContactDialogTarget } from './components/contact-form-dialog';
import { ContactRoleBadges } from './components/contact-role-badges';
import { PageSizeField } from './components/page-size-field';
import { CONTACT_TEXTS } from './contact-texts';
import { useOpenedOnce } from '../../lib/use-opened-once';

const ContactFormDialog = lazy(() =>
  import('./components/contact-form-dialog').then((m) => ({ default: m.ContactFormDialog })),
);

const TEXT_FILTERS = ['q'] as const;
const dash = (value: string | null) => value ?? <span className="text-slate-600">—</span>;

const COLUMNS: DataTableColumn<Contact>[] = [
  {
    id: 'name',
    header: 'Name',
    className: 'min-w-[10rem]',
    cell: (c) => (
      <span>
        <span className="font-medium text-slate-900">{c.name}</span>
        {c.title ? <span className="block text-xs text-slate-600">{c.title}</span> : null}
      </span>
    ),
  },
  {
    id: 'company',
    header: 'Company',
    cell: (c) => (
      <Link to={`/companies/${c.companyId}`} className="text-slate-700 hover:text-blue-700 hover:underline">
        {c.companyName}
      </Link>
    ),
  },
  {
    id: 'location',
    header: 'Location',
    priority: 2,
    cell: (c) =>
      c.locationId ? (
        <Link to={`/locations/${c.locationId}`} className="text-slate-700 hover:text-blue-700 hover:underline">
          {c.locationName}
        </Link>
      ) : (
        <span className="text-slate-600">Company-wide</span>
      ),
  },
  { id: 'roles', header: 'Roles', priority: 2, cell: (c) => <ContactRoleBadges contact={c} /> },
  {
    id: 'email',
    header: 'Email',
    priority: 3,
    className: 'break-all',
    cell: (c) =>
      c.email ? (
        <a href={`mailto:${c.email}`} className="text-blue-700 hover:underline">
          {c.email}
        </a>
      ) : (
        dash(null)
      ),
  },
  {
    id: 'phone',
    header: 'Phone',
    priority: 3,
    className: 'whitespace-nowrap text-slate-700',
    cell: (c) => (
      <span>
        {c.officePhone ? <span className="block">Office {formatPhone(c.officePhone)}</span> : null}
        {c.mobilePhone ? <span className="block">Mobile {formatPhone(c.mobilePhone)}</span> : null}
        {!c.officePhone && !c.mobilePhone ? dash(null) : null}
      </span>
    ),
  },
];

/** /contacts: search as you type, company, location and role filters, Export, add, edit, delete. */
export default function ContactsPage() {
  const { values, update, replaceAll } = useUrlFilters(contactListFilters);
  const live = useLiveFilters(TEXT_FILTERS, values, (next) => update({ ...next, page: undefined }, { replace: true }));
  const contacts = useContacts(values);
  const { canEdit, canDelete } = useCustomerPermissions();
  const [dialog, setDialog] = useState<ContactDialogTarget | null>(null);
  const formUsed = useOpenedOnce(dialog !== null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const locations = useLocations(
    { companyId: values.companyId, pageSize: 100 },
    { enabled: Boolean(values.companyId), keepPrevious: false },
  );
  const { page: _page, pageSize: _pageSize, ...filters } = values;
  const anyFilter = CONTACT_FILTER_KEYS.some((k) => Boolean(values[k]));

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        screen="/contacts"
        actions={
          <>
            <ExportLink href={exportUrl('/api/contacts/export', filters)} />
            {canEdit ? (
              <Button onClick={() => setDialog({ kind: 'new' })}>
                <Plus className="h-4 w-4" aria-hidden /> Add Contact
              </Button>
            ) : null}
          </>
        }
      />

      <Card className="mb-6 space-y-3 p-4">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
            aria-hidden
          />
          <TextInput
            type="search"
            aria-label="Search contacts"
            placeholder="Search by name, email, phone, company or location..."
            className="pl-9"
            value={live.draft.q}
            onChange={(e) => live.change('q', e.target.value)}
          />
        </div>
        <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <CompanyFilter
            companyId={values.companyId}
            onChange={(companyId) => update({ companyId, locationId: undefined, page: undefined })}
          />
          <FormField label="Location">
            {(field) => (
              <SelectInput
                {...field}
                value={values.locationId ?? ''}
                disabled={!values.companyId}
                onChange={(e) => update({ locationId: e.target.value || undefined, page: undefined })}
              >
                <option value="">{values.companyId ? 'All locations' : 'Pick a company first'}</option>
                {(locations.data?.items ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Role">
            {(field) => (
              <SelectInput
                {...field}
                value={values.role ?? ''}
                onChange={(e) => update({ role: e.target.value || undefined, page: undefined })}
              >
                <option value="">All roles</option>
                {CONTACT_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {CONTACT_ROLE_LABELS[role]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <PageSizeField value={values.pageSize} onChange={update} />
        </div>
        <div className="flex justify-end text-sm">
          <button
            type="button"
            className="font-medium text-blue-700 hover:underline disabled:text-slate-500 disabled:no-underline"
            disabled={!anyFilter && !live.draft.q}
            onClick={() => {
              live.clear();
              replaceAll({ pageSize: values.pageSize === 25 ? undefined : values.pageSize });
            }}
          >
            Reset filters
          </button>
        </div>
      </Card>

      {contacts.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(contacts.error, CONTACT_TEXTS.fetchList)} />
      ) : null}
      <DataTable
        label="Contacts"
        columns={COLUMNS}
        rows={contacts.data?.items}
        loading={contacts.isPending}
        loadingLabel="Loading contacts..."
        busy={contacts.isFetching}
        getRowKey={(c) => c.id}
        getRowLabel={(c) => `contact ${c.name}`}
        getRowTestId={() => 'contact-row'}
        empty={CONTACT_TEXTS.empty}
        emptyAction={
          canEdit && !anyFilter ? (
            <Button variant="secondary" onClick={() => setDialog({ kind: 'new' })}>
              Add your first contact
            </Button>
          ) : undefined
        }
        actions={
          canEdit || canDelete
            ? {
                cell: (c) => (
                  <span className="inline-flex gap-1">
                    {canEdit ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Edit contact ${c.name}`}
                        onClick={() => setDialog({ kind: 'edit', contact: c })}
                      >
                        <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete contact ${c.name}`}
                        onClick={() => setDeleting(c)}
                      >
                        <Trash2 className="h-3.5 w-3.5" aria-hidden /> Delete
                      </Button>
                    ) : null}
                  </span>
                ),
              }
            : undefined
        }
      />
      {contacts.data ? (
        <Pager
          page={values.page}
          pageSize={values.pageSize}
          total={contacts.data.total}
          totalCapped={contacts.data.totalCapped}
          onPage={(page) => update({ page: page === 1 ? undefined : page })}
        />
      ) : null}
      {formUsed ? (
        <Suspense fallback={null}>
          <ContactFormDialog target={dialog} onOpenChange={(open) => !open && setDialog(null)} />
        </Suspense>
      ) : null}
      <ContactDeleteDialog contact={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
