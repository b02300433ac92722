import { zodResolver } from '@hookform/resolvers/zod';
import { BookmarkPlus, Trash2, Users } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isUuidV4 } from '../../../domain/ids';
import {
  createJobInput,
  DEFAULT_DURATION_MINUTES,
  DEFAULT_JOB_TYPE,
  DEFAULT_OFFICE,
  durationChoices,
  formatDurationHm,
  JOB_CONTACT_TYPES,
  SERVICE_CONTRACTS,
  type CreateJobFormValues,
  type CreateJobInput,
  type JobPreset,
  type PresetData,
} from '../../../domain/jobs';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { useDebounced } from '../../lib/use-debounced';
import { isTechnicianRole } from '../../../domain/policy';
import { useSession } from '../../lib/session';
import { Badge } from '../../ui/badge';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { Checkbox, FormField, SelectInput, TextArea, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { SearchPicker, type PickerOption } from '../../ui/search-picker';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import {
  useCompanyLocations,
  useCompanySearch,
  useCreateJob,
  useDeletePreset,
  useJobOptions,
  useLocationUnits,
  usePresets,
  useSavePreset,
  useUnitForJob,
} from './api/jobs-api';
import { TAGS_HINT, TagsInput } from './components/tags-input';
import { TechnicianPickerDialog } from './components/technician-picker-dialog';
import { CONTACT_TYPE_LABELS, JOB_TEXTS } from './job-texts';

type Values = CreateJobFormValues;

const blank = (today: string, office = DEFAULT_OFFICE, type = DEFAULT_JOB_TYPE): Values => ({
  companyId: null,
  locationId: '',
  unitId: null,
  serviceAddress: '',
  serviceCity: '',
  serviceState: '',
  serviceZip: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  contactType: 'primary',
  type,
  serviceLine: '',
  name: '',
  description: '',
  problemDescription: '',
  isTraining: false,
  customerPo: '',
  serviceContract: '',
  nonContract: false,
  timePeriodStart: today,
  timePeriodDue: today,
  scheduleDate: '',
  scheduleTime: '',
  scheduleDuration: DEFAULT_DURATION_MINUTES,
  technicianIds: [],
  office,
  tags: [],
  subcontracted: false,
});

/** A preset keeps the form as typed, without its dates (a preset is reused on other days), plus the company's name for the picker. */
const DATE_FIELDS = ['timePeriodStart', 'timePeriodDue', 'scheduleDate'] as const;
function presetDataOf(values: Values, companyName: string | null): PresetData {
  const data: PresetData = {};
  for (const [key, value] of Object.entries(values)) {
    if ((DATE_FIELDS as readonly string[]).includes(key) || value === undefined) continue;
    if (Array.isArray(value)) data[key] = value.map(String);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) data[key] = value;
  }
  if (companyName) data.companyName = companyName;
  return data;
}

/** The message of the tags list or of its first bad tag (the server names `tags.N`). */
function tagsError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: string } & Record<number, { message?: string } | undefined>;
  if (e.message) return e.message;
  for (const item of Object.values(e)) if (item && typeof item === 'object' && 'message' in item && item.message) return item.message;
  return undefined;
}

function Section({ title, children, description }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody className="space-y-4">
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        {children}
      </CardBody>
    </Card>
  );
}

/** /jobs/create (?unitId= prefills company, location, unit and the unit's primary contact). */
export default function JobCreatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const options = useJobOptions();
  const presets = usePresets();
  const create = useCreateJob();
  const savePreset = useSavePreset();
  const deletePreset = useDeletePreset();
  const today = options.data?.today ?? new Date().toISOString().slice(0, 10);

  const unitParam = params.get('unitId') ?? undefined;
  const unitId = isUuidV4(unitParam) ? unitParam : undefined;
  const unit = useUnitForJob(unitId);

  const form = useForm<Values, unknown, CreateJobInput>({ resolver: zodResolver(createJobInput), defaultValues: blank(today) });
  const { register, handleSubmit, formState, setValue, watch, reset, getValues, setError } = form;
  const errors = formState.errors;
  const tagsField = useController({ control: form.control, name: 'tags' });
  const [tagsTyping, setTagsTyping] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [company, setCompany] = useState<PickerOption | null>(null);
  const [companyText, setCompanyText] = useState('');
  const debouncedCompany = useDebounced(companyText.trim(), 250);
  const companies = useCompanySearch(debouncedCompany, debouncedCompany.length >= 2 && !company);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [presetOpen, setPresetOpen] = useState(false);
  const [presetName, setPresetName] = useState('');
  const [presetError, setPresetError] = useState<string | null>(null);
  const [presetBanner, setPresetBanner] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<JobPreset | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const companyId = watch('companyId');
  const locationId = watch('locationId');
  const nonContract = watch('nonContract');
  const technicianIds = watch('technicianIds') ?? [];
  const locations = useCompanyLocations(companyId);
  const units = useLocationUnits(locationId || null);

  // Defaults that come from the server (today in the company's zone, the default type and office), once.
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !options.data) return;
    seeded.current = true;
    const current = getValues();
    reset({ ...current, timePeriodStart: options.data.today, timePeriodDue: options.data.today, type: current.type || options.data.defaultJobType, office: current.office || options.data.defaultOffice });
  }, [options.data, getValues, reset]);

  // ?unitId=: the unit's company, location, unit and primary contact.
  const prefilled = useRef(false);
  useEffect(() => {
    const u = unit.data;
    if (!u || prefilled.current) return;
    prefilled.current = true;
    setCompany({ id: u.company.id, label: u.company.name });
    const current = getValues();
    reset({
      ...current,
      companyId: u.company.id,
      locationId: u.location.id,
      unitId: u.id,
      serviceAddress: u.location.address,
      serviceCity: u.location.city,
      serviceState: u.location.state,
      serviceZip: u.location.zip,
      contactType: 'primary',
      contactEmail: u.primaryContactEmail ?? '',
      contactPhone: u.primaryContactPhone ?? '',
      office: u.office || current.office,
    });
  }, [unit.data, getValues, reset]);

  const chooseLocation = (id: string) => {
    const location = locations.data?.items.find((l) => l.id === id);
    setValue('locationId', id, { shouldValidate: formState.isSubmitted });
    setValue('unitId', null);
    setValue('serviceAddress', location?.address ?? '', { shouldValidate: formState.isSubmitted });
    setValue('serviceCity', location?.city ?? '', { shouldValidate: formState.isSubmitted });
    setValue('serviceState', location?.state ?? '', { shouldValidate: formState.isSubmitted });
    setValue('serviceZip', location?.zip ?? '', { shouldValidate: formState.isSubmitted });
  };
  const chooseCompany = (option: PickerOption | null) => {
    setCompany(option);
    setCompanyText('');
    setValue('companyId', option?.id ?? null);
    chooseLocation('');
  };

  const applyPreset = (preset: JobPreset) => {
    const data = preset.data as Record<string, unknown>;
    const { companyName, ...values } = data;
    const current = getValues();
    const next = { ...blank(today, options.data?.defaultOffice, options.data?.defaultJobType), ...values } as Values;
    for (const key of DATE_FIELDS) (next as Record<string, unknown>)[key] = current[key];
    reset(next);
    setCompany(typeof next.companyId === 'string' && next.companyId ? { id: next.companyId, label: typeof companyName === 'string' ? companyName : 'Company' } : null);
    setBanner(null);
    toast.success(`Preset "${preset.name}" applied`);
  };

  const onSubmit = async (values: CreateJobInput) => {
    setBanner(null);
    try {
      const created = await create.mutateAsync(values as unknown as Values);
      void navigate('/jobs');
      toast.success(
        <span>
          Job{' '}
          <Link to={`/jobs/${created.id}`} className="font-semibold underline">
            #{created.number}
          </Link>{' '}
          created
        </span>,
        { duration: 10_000 },
      );
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: getValues() })) setBanner(errorMessage(error, JOB_TEXTS.createFailed));
      else setBanner(JOB_TEXTS.requiredFields);
    }
  };

  const technicianName = (id: string) => options.data?.technicians.find((t) => t.id === id)?.name ?? 'Technician';
  const technician = isTechnicianRole(session.data?.role);

  if (technician) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title="Create Job" back={{ to: '/jobs', label: 'Back to Jobs' }} />
        <InfoBanner>Your role can view jobs but not create them.</InfoBanner>
      </div>
    );
  }

  const text = (name: keyof Values, label: string, props: { required?: boolean; type?: string; readOnly?: boolean; autoComplete?: string } = {}) => (
    <FormField label={label} required={props.required} error={errors[name]?.message}>
      {(field) => <TextInput {...field} {...register(name)} type={props.type ?? 'text'} readOnly={props.readOnly} autoComplete={props.autoComplete ?? 'off'} className={props.readOnly ? 'read-only:bg-slate-50 read-only:text-slate-700' : undefined} />}
    </FormField>
  );

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Create Job" subtitle="Fields marked * are required" back={{ to: '/jobs', label: 'Back to Jobs' }} />
      {unitParam && !unitId ? <ErrorBanner className="mb-4" message={JOB_TEXTS.loadUnit} /> : null}
      {unit.isError ? <ErrorBanner className="mb-4" message={errorMessage(unit.error, JOB_TEXTS.loadUnit)} /> : null}
      {options.isError ? <ErrorBanner className="mb-4" message={JOB_TEXTS.loadData} /> : null}
      <form
        noValidate
        aria-label="Create Job"
        className="space-y-6"
        onSubmit={handleSubmit(onSubmit, () => setBanner(JOB_TEXTS.requiredFields))}
      >
        {banner ? <ErrorBanner message={banner} /> : null}

        <Section title="Suggested Paths" description="Your saved presets: apply one to fill the form.">
          {presetBanner ? <ErrorBanner message={presetBanner} /> : null}
          {presets.isPending ? (
            <Spinner label="Loading presets..." />
          ) : presets.isError ? (
            <ErrorBanner message={JOB_TEXTS.loadData} />
          ) : presets.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">No saved presets yet. Fill in the form and choose Save as Preset.</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Presets">
              {presets.data.items.map((preset) => (
                <li key={preset.id} className="inline-flex items-center rounded-md border border-slate-300 bg-white shadow-sm">
                  <button type="button" className="rounded-l-md px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50" onClick={() => applyPreset(preset)} aria-label={`Apply preset ${preset.name}`}>
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
                setPresetName('');
                setPresetError(null);
                setPresetBanner(null);
                setPresetOpen(true);
              }}
            >
              <BookmarkPlus className="h-4 w-4" aria-hidden /> Save as Preset
            </Button>
          </div>
        </Section>

        <Section title="Customer Details">
          <div className="grid gap-4 md:grid-cols-2">
            <FormField label="Company" error={errors.companyId?.message}>
              {(field) => (
                <SearchPicker
                  id={field.id}
                  describedBy={field['aria-describedby']}
                  label="Company"
                  selected={company}
                  onSelect={chooseCompany}
                  text={companyText}
                  onTextChange={setCompanyText}
                  options={(companies.data?.items ?? []).slice(0, 5).map((c) => ({ id: c.id, label: c.name }))}
                  loading={companies.isFetching || debouncedCompany !== companyText.trim()}
                  placeholder="Search companies..."
                  emptyText="No companies found"
                />
              )}
            </FormField>
            <FormField label="Service Location" required error={errors.locationId?.message}>
              {(field) => (
                <SelectInput {...field} value={locationId ?? ''} disabled={!companyId} onChange={(e) => chooseLocation(e.target.value)}>
                  <option value="">{!companyId ? 'Choose a company first' : locations.isPending ? 'Loading locations...' : 'Select a location'}</option>
                  {(locations.data?.items ?? []).map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
            <FormField label="Unit" error={errors.unitId?.message}>
              {(field) => (
                <SelectInput {...field} value={watch('unitId') ?? ''} disabled={!locationId} onChange={(e) => setValue('unitId', e.target.value || null)}>
                  <option value="">No unit</option>
                  {(units.data?.items ?? []).map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.unitNumber}
                    </option>
                  ))}
                  {unit.data && !(units.data?.items ?? []).some((u) => u.id === unit.data.id) ? <option value={unit.data.id}>{unit.data.unitNumber}</option> : null}
                </SelectInput>
              )}
            </FormField>
            {text('serviceAddress', 'Service Address', { required: true, readOnly: true })}
            <div className="grid grid-cols-[1fr_5rem_7rem] gap-3 md:col-span-2">
              {text('serviceCity', 'City', { required: true, readOnly: true })}
              {text('serviceState', 'State', { required: true, readOnly: true })}
              {text('serviceZip', 'Zip', { required: true, readOnly: true })}
            </div>
          </div>
        </Section>

        <Section title="Job Primary Contact">
          <div className="grid gap-4 md:grid-cols-2">
            {text('contactName', 'Contact Name', { autoComplete: 'name' })}
            <FormField label="Contact Type" required error={errors.contactType?.message}>
              {(field) => (
                <SelectInput {...field} {...register('contactType')}>
                  {JOB_CONTACT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {CONTACT_TYPE_LABELS[t]}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
            {text('contactPhone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
            {text('contactEmail', 'Email', { type: 'email', autoComplete: 'email' })}
          </div>
        </Section>

        <Section title="Service">
          <div className="grid gap-4 md:grid-cols-2">
            <FormField label="Job Type" required error={errors.type?.message}>
              {(field) => (
                <SelectInput {...field} {...register('type')}>
                  {(options.data?.jobTypes ?? [{ code: DEFAULT_JOB_TYPE, name: 'Preventative Maintenance' }]).map((t) => (
                    <option key={t.code} value={t.code}>
                      {t.name}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
            <FormField label="Service Line" required error={errors.serviceLine?.message}>
              {(field) => (
                <SelectInput {...field} {...register('serviceLine')}>
                  <option value="">Select a service line</option>
                  {(options.data?.serviceLines ?? []).map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.name}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
            <div className="md:col-span-2">{text('name', 'Job Name', { required: true })}</div>
            <FormField label="Description" required error={errors.description?.message} className="md:col-span-2">
              {(field) => <TextArea {...field} rows={3} {...register('description')} />}
            </FormField>
            <FormField label="Problem Description" error={errors.problemDescription?.message} className="md:col-span-2">
              {(field) => <TextArea {...field} rows={3} {...register('problemDescription')} />}
            </FormField>
            {text('customerPo', 'Customer PO')}
            <div className="space-y-2">
              <FormField label="Service Contract" error={errors.serviceContract?.message}>
                {(field) => (
                  <SelectInput {...field} {...register('serviceContract')} disabled={Boolean(nonContract)}>
                    <option value="">{nonContract ? 'Non-Contract' : 'No contract'}</option>
                    {SERVICE_CONTRACTS.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
              <Checkbox
                label="Non-Contract"
                {...register('nonContract', {
                  onChange: (e: { target: { checked: boolean } }) => {
                    if (e.target.checked) setValue('serviceContract', '');
                  },
                })}
              />
            </div>
            <Checkbox label="Training job" {...register('isTraining')} />
          </div>
        </Section>

        <Section title="Appointment" description="A job is scheduled when both a schedule date and time are given; otherwise it is unscheduled.">
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {text('timePeriodStart', 'Start Date', { required: true, type: 'date' })}
            {text('timePeriodDue', 'Due Date', { required: true, type: 'date' })}
            <FormField label="Duration" error={errors.scheduleDuration?.message}>
              {(field) => (
                <SelectInput {...field} {...register('scheduleDuration', { valueAsNumber: true })}>
                  {durationChoices().map((m) => (
                    <option key={m} value={m}>
                      {formatDurationHm(m)}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
            {text('scheduleDate', 'Schedule Date', { type: 'date' })}
            {text('scheduleTime', 'Schedule Time', { type: 'time' })}
          </div>
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-3">
              <h3 className="text-sm font-medium text-slate-700">Technicians</h3>
              <Button variant="secondary" size="sm" onClick={() => setPickerOpen(true)}>
                <Users className="h-4 w-4" aria-hidden /> {technicianIds.length ? 'Change Technicians' : 'Choose Technicians'}
              </Button>
            </div>
            {technicianIds.length === 0 ? (
              <p className="text-sm text-slate-600">{JOB_TEXTS.noTechniciansAssigned}</p>
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label="Chosen technicians" data-testid="chosen-technicians">
                {technicianIds.map((id, index) => (
                  <li key={id} className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                    {technicianName(id)} {index === 0 ? <Badge tone="blue">Primary</Badge> : null}
                  </li>
                ))}
              </ul>
            )}
            {errors.technicianIds?.message ? <p className="text-xs text-red-600">{errors.technicianIds.message}</p> : null}
          </div>
        </Section>

        <Section title="Additional Details">
          <div className="grid gap-4 md:grid-cols-2">
            <FormField label="Office" error={errors.office?.message}>
              {(field) => (
                <SelectInput {...field} {...register('office')}>
                  {(options.data?.offices.length ? options.data.offices : [DEFAULT_OFFICE]).map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
            <FormField label="Tags" error={tagsTyping ?? tagsError(errors.tags)} hint={TAGS_HINT}>
              {(field) => (
                <TagsInput
                  id={field.id}
                  value={tagsField.field.value ?? []}
                  onChange={(tags) => tagsField.field.onChange(tags)}
                  invalid={field['aria-invalid'] || Boolean(tagsTyping)}
                  describedBy={field['aria-describedby']}
                  onError={setTagsTyping}
                />
              )}
            </FormField>
          </div>
          <Checkbox label="Subcontracted job" {...register('subcontracted')} />
        </Section>

        <div className="flex justify-end gap-2">
          <ButtonLink to="/jobs" variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Creating...' : 'Create Job'}
          </Button>
        </div>
      </form>

      <TechnicianPickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        title="Choose Technicians"
        technicians={options.data?.technicians}
        loading={options.isPending}
        error={options.isError ? JOB_TEXTS.fetchTechnicians : null}
        selected={technicianIds}
        confirmLabel="Done"
        onConfirm={(ids) => {
          setValue('technicianIds', ids);
          setPickerOpen(false);
        }}
      />

      <Dialog
        open={presetOpen}
        onOpenChange={(open) => !savePreset.isPending && setPresetOpen(open)}
        title="Save as Preset"
        description="Saves this form (without its dates) and its technicians under a name, for your next jobs."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setPresetOpen(false)} disabled={savePreset.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="preset-form" disabled={savePreset.isPending}>
              {savePreset.isPending ? 'Saving...' : 'Save Preset'}
            </Button>
          </>
        }
      >
        <form
          id="preset-form"
          noValidate
          className="space-y-3"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!presetName.trim()) {
              setPresetError('Preset name is required');
              return;
            }
            try {
              await savePreset.mutateAsync({ name: presetName.trim(), data: presetDataOf(getValues(), company?.label ?? null) });
              toast.success(`Preset "${presetName.trim()}" saved`);
              setPresetOpen(false);
            } catch (error) {
              setPresetBanner(null);
              setPresetError(null);
              setPresetBanner(errorMessage(error, JOB_TEXTS.savePresetFailed));
            }
          }}
        >
          {presetBanner ? <ErrorBanner message={presetBanner} /> : null}
          <FormField label="Preset Name" required error={presetError ?? undefined}>
            {(field) => <TextInput {...field} value={presetName} maxLength={100} onChange={(e) => setPresetName(e.target.value)} />}
          </FormField>
        </form>
      </Dialog>

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
    </div>
  );
}
