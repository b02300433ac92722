import { FileBarChart, Pencil, Phone, Plus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
// The plain URL reader (customer-lists), not the schema: no zod on a list's first load (decision 042).
import { companyListFilters } from '../../../domain/customer-lists';
import { COMPANY_MESSAGES } from './customer-texts';
import { errorMessage } from '../../lib/api-client';
import { formatPhone } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ExportLink } from '../../ui/export-link';
import { FormField, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { Spinner } from '../../ui/spinner';
import { exportUrl, useCompanies } from './api/customers-api';
import { PageSizeField } from './components/page-size-field';
import { useCustomerPermissions } from '../../lib/permissions';

const FILTERS = [
  { key: 'company', label: 'Company' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zip', label: 'Zipcode' },
  { key: 'tag', label: 'Tag' },
] as const;
type FilterKey = (typeof FILTERS)[number]['key'];
const EMPTY: Record<FilterKey, string> = { company: '', city: '', state: '', zip: '', tag: '' };

/** /companies: filters applied with Search, page size 25/50/100, cards, real paging and Export. */
export default function CompaniesPage() {
  const { values, update, replaceAll } = useUrlFilters(companyListFilters);
  const [draft, setDraft] = useState<Record<FilterKey, string>>(EMPTY);
  // The boxes show the applied filters (after Back, a shared link, Reset).
  useEffect(() => {
    setDraft({
      company: values.company ?? '',
      city: values.city ?? '',
      state: values.state ?? '',
      zip: values.zip ?? '',
      tag: values.tag ?? '',
    });
  }, [values.company, values.city, values.state, values.zip, values.tag]);

  const companies = useCompanies(values);
  const { canEdit } = useCustomerPermissions();
  const filters = {
    company: values.company,
    city: values.city,
    state: values.state,
    zip: values.zip,
    tag: values.tag,
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    replaceAll({ ...draft, pageSize: values.pageSize === 25 ? undefined : values.pageSize });
  };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        screen="/companies"
        actions={
          <>
            <ExportLink href={exportUrl('/api/companies/export', filters)} />
            {canEdit ? (
              <ButtonLink to="/companies/create">
                <Plus className="h-4 w-4" aria-hidden /> Add Company
              </ButtonLink>
            ) : null}
          </>
        }
      />

      <Card className="mb-6 p-4">
        <form
          onSubmit={search}
          className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] items-end gap-3"
          aria-label="Company filters"
        >
          {FILTERS.map((filter) => (
            <FormField key={filter.key} label={filter.label}>
              {(field) => (
                <TextInput
                  {...field}
                  value={draft[filter.key]}
                  onChange={(e) => setDraft((d) => ({ ...d, [filter.key]: e.target.value }))}
                  placeholder={`Filter by ${filter.label.toLowerCase()}`}
                />
              )}
            </FormField>
          ))}
          <PageSizeField value={values.pageSize} onChange={update} />
          <div className="flex gap-2">
            <Button type="submit">Search</Button>
            <Button
              variant="secondary"
              onClick={() => {
                setDraft(EMPTY);
                replaceAll({});
              }}
            >
              Reset
            </Button>
          </div>
        </form>
      </Card>

      {companies.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(companies.error, COMPANY_MESSAGES.fetchList)} />
      ) : null}
      {companies.isPending ? (
        <Spinner label="Loading companies..." />
      ) : companies.data && companies.data.items.length === 0 ? (
        <EmptyState>No companies found.</EmptyState>
      ) : companies.data ? (
        <>
          <ul
            className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
            aria-label="Companies"
            aria-busy={companies.isFetching}
          >
            {companies.data.items.map((company) => (
              <li key={company.id}>
                <Card className="flex h-full flex-col p-4">
                  <Link
                    to={`/companies/${company.id}`}
                    className="text-base font-semibold text-blue-700 hover:underline"
                  >
                    {company.name}
                  </Link>
                  <address className="mt-2 text-sm text-slate-600 not-italic">
                    <span className="block">{company.address}</span>
                    <span className="block">
                      {company.city}, {company.state} {company.zip}
                    </span>
                  </address>
                  {company.phone ? (
                    <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
                      <Phone className="h-3.5 w-3.5" aria-hidden /> {formatPhone(company.phone)}
                    </p>
                  ) : null}
                  {company.tags.length ? (
                    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Tags of ${company.name}`}>
                      {company.tags.map((t) => (
                        <li key={t.id}>
                          <Link
                            to={`/companies?tag=${encodeURIComponent(t.name)}`}
                            className="inline-flex min-h-6 items-center rounded-full bg-indigo-50 px-2.5 text-xs font-medium text-indigo-800 hover:bg-indigo-100"
                          >
                            {t.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <div className="mt-auto flex gap-4 pt-3 text-sm">
                    {canEdit ? (
                      <Link
                        to={`/companies/${company.id}/edit`}
                        className="inline-flex items-center gap-1 font-medium text-slate-700 hover:text-slate-900"
                        aria-label={`Edit ${company.name}`}
                      >
                        <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
                      </Link>
                    ) : null}
                    <Link
                      to={`/companies/${company.id}/report`}
                      className="inline-flex items-center gap-1 font-medium text-slate-700 hover:text-slate-900"
                    >
                      <FileBarChart className="h-3.5 w-3.5" aria-hidden /> Asset Report
                    </Link>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pager
            page={values.page}
            pageSize={values.pageSize}
            total={companies.data.total}
            totalCapped={companies.data.totalCapped}
            onPage={(page) => update({ page: page === 1 ? undefined : page })}
          />
        </>
      ) : null}
    </div>
  );
}
