import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { isUuidV4 } from '../../../domain/ids';
import { createJobInput, jobWarnings, type CreateJobInput, type JobDetail, type JobPreset } from '../../../domain/jobs';
import { errorMessage } from '../../lib/api-client';
import { useCompanySuggestions, useUnit } from '../../lib/customer-queries';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { useDebounced } from '../../lib/use-debounced';
import type { PickerOption } from '../../ui/search-picker';
import { toast } from '../../ui/toast';
import { useCompanyLocations, useCreateJob, useEditJob, useJobOptions, useLocationUnits } from './api/jobs-api';
import { toastJobCreated } from './components/create-job/job-created-toast';
import { blankJobForm, editFormFromJob, formFromPreset, type JobFormValues } from './job-form-values';
import { JOB_TEXTS } from './job-texts';

/**
 * The state of /jobs/create and, given `editing` (the job and the company's time zone), of
 * /jobs/:id/edit: react-hook-form on `createJobInput` (the API's schema), the company
 * picker, the location and unit lookups that follow it, the server's defaults, the `?unitId=`
 * prefill, presets applied, and the submit (server field errors on their fields, else a banner).
 * The sections of the page (components/create-job) read and change the form only through it.
 */
export function useJobForm(editing?: { job: JobDetail; timeZone: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const options = useJobOptions();
  const create = useCreateJob();
  const update = useEditJob();
  const today = options.data?.today ?? new Date().toISOString().slice(0, 10);

  const unitParam = editing ? undefined : (params.get('unitId') ?? undefined);
  const unitId = isUuidV4(unitParam) ? unitParam : undefined;
  const unit = useUnit(unitId);

  // Edit Job checks with the same schema: editJobInput is createJobInput without the technicians,
  // which the form leaves empty and useEditJob does not send.
  const form = useForm<JobFormValues, unknown, CreateJobInput>({
    resolver: zodResolver(createJobInput),
    defaultValues: editing ? editFormFromJob(editing.job, editing.timeZone) : blankJobForm(today),
  });
  const { formState, setValue, watch, reset, getValues, setError } = form;
  const [banner, setBanner] = useState<string | null>(null);
  const [company, setCompany] = useState<PickerOption | null>(
    editing ? { id: editing.job.company.id, label: editing.job.company.name } : null,
  );
  const [companyText, setCompanyText] = useState('');
  const debouncedCompany = useDebounced(companyText.trim(), 250);
  const companies = useCompanySuggestions(debouncedCompany, debouncedCompany.length >= 2 && !company);

  const companyId = watch('companyId');
  const locationId = watch('locationId');
  const locations = useCompanyLocations(companyId);
  const units = useLocationUnits(locationId || null);

  // Defaults that come from the server (today in the company's zone, the default type and office), once.
  const seeded = useRef(Boolean(editing));
  useEffect(() => {
    if (seeded.current || !options.data) return;
    seeded.current = true;
    const current = getValues();
    reset({
      ...current,
      timePeriodStart: options.data.today,
      timePeriodDue: options.data.today,
      type: current.type || options.data.defaultJobType,
      office: current.office || options.data.defaultOffice,
    });
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

  /** A location fills the read-only address and clears the unit. */
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
    const next = formFromPreset(
      preset,
      getValues(),
      blankJobForm(today, options.data?.defaultOffice, options.data?.defaultJobType),
    );
    reset(next.values);
    setCompany(next.company);
    setBanner(null);
    toast.success(`Preset "${preset.name}" applied`);
  };

  const onValid = async (values: CreateJobInput) => {
    setBanner(null);
    if (editing) return save(values as unknown as JobFormValues);
    try {
      const created = await create.mutateAsync(values as unknown as JobFormValues);
      void navigate('/jobs');
      toastJobCreated(created);
      for (const w of created.warnings) toast.warning(w.message);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: getValues() }))
        setBanner(errorMessage(error, JOB_TEXTS.createFailed));
      else setBanner(JOB_TEXTS.requiredFields);
    }
  };
  /** Edit Job's save: back to the job page, with the warnings and a quote that now needs an update. */
  const save = async (values: JobFormValues) => {
    if (!editing) return;
    setBanner(null);
    try {
      const answer = await update.mutateAsync({ id: editing.job.id, input: values });
      void navigate(`/jobs/${editing.job.id}`);
      toast.success(answer.changed.length ? JOB_TEXTS.jobSaved : JOB_TEXTS.jobUnchanged);
      for (const w of answer.warnings) toast.warning(w.message);
      if (answer.quoteNeedsUpdate) toast.warning(JOB_TEXTS.quoteNeedsUpdate);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: getValues() }))
        setBanner(errorMessage(error, JOB_TEXTS.editFailed));
      else setBanner(JOB_TEXTS.requiredFields);
    }
  };
  const onSubmit = form.handleSubmit(onValid, () => setBanner(JOB_TEXTS.requiredFields));
  /** A completed or cancelled job: only the notes go, with the rest as saved. */
  const onSubmitNotes = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!editing) return;
    void save({ ...editFormFromJob(editing.job, editing.timeZone), notes: getValues('notes') ?? '' });
  };

  // Warned, never refused: an inactive unit, a schedule date after the due date.
  const chosenUnitId = watch('unitId');
  const chosenUnit =
    units.data?.items.find((u) => u.id === chosenUnitId) ??
    (editing?.job.unit?.id === chosenUnitId ? editing?.job.unit : null) ??
    (unit.data?.id === chosenUnitId ? unit.data : null);
  const warnings = jobWarnings({
    unit: chosenUnit ? { unitNumber: chosenUnit.unitNumber, status: chosenUnit.status } : null,
    scheduleDate: watch('scheduleDate'),
    timePeriodDue: watch('timePeriodDue'),
  });

  const technicianName = (id: string) => options.data?.technicians.find((t) => t.id === id)?.name ?? 'Technician';

  return {
    form,
    options,
    onSubmit,
    onSubmitNotes,
    banner,
    warnings,
    editing: Boolean(editing),
    /** ?unitId= was given but is not a unit id. */
    badUnitParam: Boolean(unitParam && !unitId),
    unit,
    company: {
      selected: company,
      text: companyText,
      setText: setCompanyText,
      debounced: debouncedCompany,
      suggestions: companies,
      choose: chooseCompany,
    },
    locations,
    units,
    chooseLocation,
    applyPreset,
    technicianName,
  };
}

export type JobFormState = ReturnType<typeof useJobForm>;
