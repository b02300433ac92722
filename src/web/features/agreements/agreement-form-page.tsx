import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  BILLING_PLAN_LABELS,
  BILLING_PLANS,
  createAgreementInput,
  describeVisitRule,
  monthName,
  visitDates,
  weekdayName,
  type AgreementDetail,
  type AgreementFormValues,
  type CreateAgreementInput,
  type VisitRule,
} from '../../../domain/agreements';
import { NAME_SUGGESTION_MIN_CHARS } from '../../../domain/companies';
import { addDays, formatDuration, isIsoDate } from '../../../domain/dates';
import type { JobOptions } from '../../../domain/jobs';
import { centsToDecimal } from '../../../domain/money';
import { api, errorMessage } from '../../lib/api-client';
import { useCompanyToday } from '../../lib/company';
import { useCompanySuggestions } from '../../lib/customer-queries';
import { jobKeys } from '../../lib/query-keys';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formatDate } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { detailGate, validId } from '../../ui/detail-screen';
import { Checkbox, FormField, SelectInput, TextArea, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { SearchPicker, type PickerOption } from '../../ui/search-picker';
import { toast } from '../../ui/toast';
import { useAgreement, useCompanyUnits, useInvalidateAgreements } from './api/agreements-api';
import { AGREEMENT_TEXTS } from './agreement-texts';

const FREQUENCY_LABELS = {
  quarterly: 'Quarterly (every third month from the start month)',
  semiannual: 'Twice a year (every sixth month from the start month)',
  annual: 'Once a year (in the start month)',
  monthly: 'Monthly',
  months: 'Chosen months (for instance spring and fall)',
} as const;
const NTH_LABELS: [number, string][] = [
  [1, 'First'],
  [2, 'Second'],
  [3, 'Third'],
  [4, 'Fourth'],
  [-1, 'Last'],
];
const DURATIONS = Array.from({ length: 16 }, (_, i) => (i + 1) * 30);

function valuesOf(a: AgreementDetail | undefined, today: string): AgreementFormValues {
  if (!a)
    return {
      name: '',
      companyId: '',
      unitIds: [],
      startDate: today,
      endDate: addDays(addDays(today, 365), -1),
      frequency: 'quarterly',
      months: [],
      dayKind: 'dayOfMonth',
      dayOfMonth: 15,
      nth: 1,
      weekday: 1,
      windowDays: 14,
      technicianId: '',
      jobType: 'PM',
      serviceLine: 'HVACGEN',
      visitDuration: 60,
      checklist: '',
      price: '',
      billingPlan: 'annually',
      notToExceed: '',
      autoRenew: true,
      escalatorPercent: '3',
      notes: '',
      status: 'active',
    };
  return {
    name: a.name,
    companyId: a.companyId,
    unitIds: a.units.map((u) => u.id),
    startDate: a.startDate,
    endDate: a.endDate,
    frequency: a.frequency,
    months: a.months,
    dayKind: a.dayKind,
    dayOfMonth: a.dayOfMonth,
    nth: a.nth,
    weekday: a.weekday,
    windowDays: a.windowDays,
    technicianId: a.technicianId ?? '',
    jobType: a.jobType,
    serviceLine: a.serviceLine,
    visitDuration: a.visitDuration,
    checklist: a.checklist.join('\n'),
    price: centsToDecimal(a.priceCents),
    billingPlan: a.billingPlan,
    notToExceed: a.notToExceedCents === null ? '' : centsToDecimal(a.notToExceedCents),
    autoRenew: a.autoRenew,
    escalatorPercent: String(Number(a.escalatorPercent)),
    notes: a.notes ?? '',
    status: 'active',
  };
}

/** The plan in words and its next visit dates, from what the form holds now. */
function PlanPreview({ control }: { control: Control<AgreementFormValues, unknown, CreateAgreementInput> }) {
  const v = useWatch({ control });
  if (!v.startDate || !v.endDate || !isIsoDate(v.startDate) || !isIsoDate(v.endDate) || v.endDate < v.startDate)
    return null;
  const rule: VisitRule = {
    frequency: v.frequency ?? 'quarterly',
    months: (v.months ?? []).map(Number),
    day:
      v.dayKind === 'nthWeekday'
        ? { kind: 'nthWeekday', nth: Number(v.nth), weekday: Number(v.weekday) }
        : { kind: 'dayOfMonth', day: Math.min(28, Math.max(1, Number(v.dayOfMonth) || 1)) },
  };
  const dates = visitDates(rule, v.startDate, v.startDate, v.endDate);
  return (
    <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite">
      {describeVisitRule(rule, v.startDate)}: {dates.length} {dates.length === 1 ? 'visit' : 'visits'} in the term
      {dates.length
        ? ` (${dates
            .slice(0, 4)
            .map((d) => formatDate(d))
            .join(', ')}${dates.length > 4 ? ', ...' : ''})`
        : ''}
      .
    </p>
  );
}

function AgreementForm({ agreement }: { agreement?: AgreementDetail }) {
  const today = useCompanyToday();
  const navigate = useNavigate();
  const invalidate = useInvalidateAgreements();
  const options = useQuery({
    queryKey: [...jobKeys.all, 'options'],
    queryFn: () => api.get<JobOptions>('/api/jobs/options'),
  });
  const form = useForm<AgreementFormValues, unknown, CreateAgreementInput>({
    resolver: zodResolver(createAgreementInput),
    defaultValues: valuesOf(agreement, today),
  });
  const { register, handleSubmit, control, formState, setError, setValue } = form;
  const errors = formState.errors;
  const [banner, setBanner] = useState<string | null>(null);
  const companyId = useWatch({ control, name: 'companyId' });
  const frequency = useWatch({ control, name: 'frequency' });
  const dayKind = useWatch({ control, name: 'dayKind' });
  const units = useCompanyUnits(companyId || undefined);
  const [companyText, setCompanyText] = useState('');
  const [companyLabel, setCompanyLabel] = useState(agreement?.companyName ?? '');
  const searchText = useDebounced(companyText.trim(), 200);
  const suggestions = useCompanySuggestions(searchText, !companyId && searchText.length >= NAME_SUGGESTION_MIN_CHARS);
  const companyOptions: PickerOption[] = (suggestions.data?.items ?? []).map((c) => ({ id: c.id, label: c.name }));
  const byLocation = useMemo(() => {
    const groups = new Map<string, { name: string; units: { id: string; unitNumber: string }[] }>();
    for (const u of units.data?.items ?? []) {
      const group = groups.get(u.locationId) ?? { name: u.locationName, units: [] };
      group.units.push({ id: u.id, unitNumber: u.unitNumber });
      groups.set(u.locationId, group);
    }
    return [...groups.values()];
  }, [units.data]);

  const submit = (status: 'draft' | 'active') =>
    handleSubmit(async () => {
      setBanner(null);
      // The server parses the form's own values with the same schema (the checklist as typed text).
      const input = form.getValues();
      try {
        const saved = agreement
          ? (
              await api.put<{ agreement: AgreementDetail; visitsWithdrawn: number }>(
                `/api/agreements/${agreement.id}`,
                input,
              )
            ).agreement
          : await api.post<AgreementDetail>('/api/agreements', { ...input, status });
        await invalidate();
        toast.success(
          agreement ? 'Agreement saved' : status === 'draft' ? 'Draft agreement saved' : 'Agreement created',
        );
        void navigate(`/agreements/${saved.id}`);
      } catch (error) {
        if (!applyServerFieldErrors(error, setError, { known: form.getValues() }))
          setBanner(errorMessage(error, AGREEMENT_TEXTS.save));
      }
    });

  return (
    <form
      noValidate
      onSubmit={(e) => void submit('active')(e)}
      aria-label={agreement ? 'Edit Agreement' : 'New Agreement'}
      className="space-y-6"
    >
      {banner ? <ErrorBanner message={AGREEMENT_TEXTS.save}>{banner}</ErrorBanner> : null}
      <Card>
        <CardHeader title="Customer and Term" />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <FormField label="Agreement Name" required error={errors.name?.message} className="sm:col-span-2">
            {(a11y) => <TextInput {...a11y} {...register('name')} placeholder="For instance: Quarterly rooftop PM" />}
          </FormField>
          <FormField label="Company" required error={errors.companyId?.message}>
            {(field) => (
              <SearchPicker
                id={field.id}
                describedBy={field['aria-describedby']}
                label="Company"
                invalid={Boolean(errors.companyId)}
                selected={companyId ? { id: companyId, label: companyLabel || 'Selected company' } : null}
                onSelect={(option) => {
                  setCompanyText('');
                  setCompanyLabel(option?.label ?? '');
                  setValue('companyId', option?.id ?? '', { shouldDirty: true });
                  setValue('unitIds', [], { shouldDirty: true });
                }}
                text={companyText}
                onTextChange={setCompanyText}
                options={companyOptions}
                loading={suggestions.isFetching}
                placeholder="Type the company's name"
                emptyText="No companies match"
              />
            )}
          </FormField>
          <div />
          <FormField label="Start Date" required error={errors.startDate?.message}>
            {(a11y) => <TextInput {...a11y} type="date" {...register('startDate')} />}
          </FormField>
          <FormField label="End Date" required error={errors.endDate?.message}>
            {(a11y) => <TextInput {...a11y} type="date" {...register('endDate')} />}
          </FormField>
          <fieldset className="sm:col-span-2" aria-describedby={errors.unitIds ? 'units-error' : undefined}>
            <legend className="text-sm font-medium text-slate-700">
              Units Covered
              <span className="ml-0.5 text-red-600" aria-hidden>
                *
              </span>
            </legend>
            {!companyId ? (
              <p className="mt-1 text-sm text-slate-600">Choose the company first; its units are listed here.</p>
            ) : units.isPending ? (
              <p className="mt-1 text-sm text-slate-600">Loading units...</p>
            ) : byLocation.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">This company has no units yet.</p>
            ) : (
              <Controller
                control={control}
                name="unitIds"
                render={({ field }) => (
                  <div className="mt-2 grid gap-3 sm:grid-cols-2">
                    {byLocation.map((location) => (
                      <div key={location.name}>
                        <p className="text-sm font-semibold text-slate-800">{location.name}</p>
                        {location.units.map((u) => (
                          <Checkbox
                            key={u.id}
                            className="flex"
                            label={u.unitNumber}
                            checked={(field.value ?? []).includes(u.id)}
                            onChange={(e) =>
                              field.onChange(
                                e.target.checked
                                  ? [...(field.value ?? []), u.id]
                                  : (field.value ?? []).filter((x) => x !== u.id),
                              )
                            }
                          />
                        ))}
                      </div>
                    ))}
                  </div>
                )}
              />
            )}
            {errors.unitIds ? (
              <p id="units-error" className="mt-1 text-xs text-red-600">
                {errors.unitIds.message}
              </p>
            ) : null}
          </fieldset>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Visit Plan" />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <FormField label="Visits" required error={errors.frequency?.message}>
            {(a11y) => (
              <SelectInput {...a11y} {...register('frequency')}>
                {Object.entries(FREQUENCY_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Day of the Visit" required error={errors.dayKind?.message}>
            {(a11y) => (
              <SelectInput {...a11y} {...register('dayKind')}>
                <option value="dayOfMonth">A day of the month</option>
                <option value="nthWeekday">A weekday of the month (for instance the first Monday)</option>
              </SelectInput>
            )}
          </FormField>
          {frequency === 'months' ? (
            <fieldset className="sm:col-span-2">
              <legend className="text-sm font-medium text-slate-700">Months</legend>
              <Controller
                control={control}
                name="months"
                render={({ field }) => (
                  <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
                    {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                      <Checkbox
                        key={m}
                        label={monthName(m)}
                        checked={(field.value ?? []).map(Number).includes(m)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? [...(field.value ?? []), m]
                              : (field.value ?? []).filter((x) => Number(x) !== m),
                          )
                        }
                      />
                    ))}
                  </div>
                )}
              />
              {errors.months ? <p className="mt-1 text-xs text-red-600">{errors.months.message}</p> : null}
            </fieldset>
          ) : null}
          {dayKind === 'nthWeekday' ? (
            <div className="grid grid-cols-2 gap-3">
              <FormField label="Which" error={errors.nth?.message}>
                {(a11y) => (
                  <SelectInput {...a11y} {...register('nth')}>
                    {NTH_LABELS.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
              <FormField label="Weekday" error={errors.weekday?.message}>
                {(a11y) => (
                  <SelectInput {...a11y} {...register('weekday')}>
                    {Array.from({ length: 7 }, (_, d) => (
                      <option key={d} value={d}>
                        {weekdayName(d)}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
            </div>
          ) : (
            <FormField label="Day of the Month (1 to 28)" error={errors.dayOfMonth?.message}>
              {(a11y) => (
                <TextInput {...a11y} type="number" min={1} max={28} inputMode="numeric" {...register('dayOfMonth')} />
              )}
            </FormField>
          )}
          <FormField
            label="Visit Window (days)"
            error={errors.windowDays?.message}
            hint="The visit's job is due within this many days from its date"
          >
            {(a11y) => (
              <TextInput {...a11y} type="number" min={1} max={92} inputMode="numeric" {...register('windowDays')} />
            )}
          </FormField>
          <div className="sm:col-span-2">
            <PlanPreview control={control} />
          </div>
          <FormField label="Preferred Technician" error={errors.technicianId?.message}>
            {(a11y) => (
              <SelectInput {...a11y} {...register('technicianId')}>
                <option value="">No preference</option>
                {(options.data?.technicians ?? []).map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Visit Duration" error={errors.visitDuration?.message}>
            {(a11y) => (
              <SelectInput {...a11y} {...register('visitDuration')}>
                {DURATIONS.map((m) => (
                  <option key={m} value={m}>
                    {formatDuration(m)}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Job Type" required error={errors.jobType?.message}>
            {(a11y) => (
              <SelectInput {...a11y} {...register('jobType')}>
                {(options.data?.jobTypes ?? [{ code: 'PM', name: 'Preventative Maintenance' }]).map((t) => (
                  <option key={t.code} value={t.code}>
                    {t.name}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Service Line" required error={errors.serviceLine?.message}>
            {(a11y) => (
              <SelectInput {...a11y} {...register('serviceLine')}>
                {(options.data?.serviceLines ?? [{ code: 'HVACGEN', name: 'HVAC General' }]).map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField
            label="Checklist"
            error={errors.checklist?.message}
            hint="One task per line; every visit's job lists them"
            className="sm:col-span-2"
          >
            {(a11y) => (
              <TextArea {...a11y} rows={5} {...register('checklist')} placeholder={'Replace filters\nCheck belts'} />
            )}
          </FormField>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Price and Renewal" />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <FormField label="Price ($)" required error={errors.price?.message} hint="For the whole term">
            {(a11y) => <TextInput {...a11y} inputMode="decimal" {...register('price')} placeholder="1200.00" />}
          </FormField>
          <FormField label="Billing" required error={errors.billingPlan?.message}>
            {(a11y) => (
              <SelectInput {...a11y} {...register('billingPlan')}>
                {BILLING_PLANS.map((p) => (
                  <option key={p} value={p}>
                    {BILLING_PLAN_LABELS[p]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField
            label="Not-to-Exceed for Repairs ($)"
            error={errors.notToExceed?.message}
            hint="Repairs up to this amount need no new approval; leave empty for none"
          >
            {(a11y) => <TextInput {...a11y} inputMode="decimal" {...register('notToExceed')} />}
          </FormField>
          <FormField
            label="Price Escalator (%)"
            error={errors.escalatorPercent?.message}
            hint="Added to the price at each renewal"
          >
            {(a11y) => <TextInput {...a11y} inputMode="decimal" {...register('escalatorPercent')} />}
          </FormField>
          <Checkbox label="Renew automatically at the end of the term" {...register('autoRenew')} />
          <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            {(a11y) => <TextArea {...a11y} rows={3} {...register('notes')} />}
          </FormField>
        </CardBody>
      </Card>

      <div className="flex flex-wrap justify-end gap-2">
        <ButtonLink variant="secondary" to={agreement ? `/agreements/${agreement.id}` : '/agreements'}>
          Cancel
        </ButtonLink>
        {agreement ? null : (
          <Button variant="secondary" disabled={formState.isSubmitting} onClick={() => void submit('draft')()}>
            Save as Draft
          </Button>
        )}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : agreement ? 'Save Changes' : 'Create Agreement'}
        </Button>
      </div>
    </form>
  );
}

/** /agreements/create and /agreements/{id}/edit. */
export default function AgreementFormPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  const agreement = useAgreement(editing ? validId(id) : undefined);
  const title = editing ? 'Edit Agreement' : 'New Agreement';
  const back = editing
    ? { to: `/agreements/${id}`, label: 'Back to Agreement' }
    : { to: '/agreements', label: 'Back to Agreements' };
  if (editing) {
    const wait = detailGate({
      id,
      query: agreement,
      invalidMessage: AGREEMENT_TEXTS.invalidId,
      notFoundMessage: AGREEMENT_TEXTS.notFound,
      errorMessage: AGREEMENT_TEXTS.fetchAgreement,
      loadingLabel: 'Loading agreement...',
      back,
    });
    if (wait || !agreement.data) return wait;
  }
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={title}
        subtitle={
          editing
            ? 'Changing the plan replaces the visits not yet scheduled; scheduled and completed visits stay'
            : 'The visits become unscheduled jobs ahead of their dates'
        }
        back={back}
      />
      <AgreementForm {...(agreement.data ? { agreement: agreement.data } : {})} />
    </div>
  );
}
