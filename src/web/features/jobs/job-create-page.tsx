import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { isTechnicianRole } from '../../../domain/policy';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { AdditionalSection } from './components/create-job/additional-section';
import { AppointmentSection } from './components/create-job/appointment-section';
import { ContactSection } from './components/create-job/contact-section';
import { CustomerSection } from './components/create-job/customer-section';
import { JobFormWarnings } from './components/create-job/job-form-warnings';
import { NotesSection } from './components/create-job/notes-section';
import { PresetDialogs, PresetsSection, usePresetDialogs } from './components/create-job/presets-section';
import { ServiceSection } from './components/create-job/service-section';
import { TechnicianPickerDialog } from './components/technician-picker-dialog';
import { JOB_TEXTS } from './job-texts';
import { useJobForm } from './use-job-form';

/**
 * /jobs/create (?unitId= prefills company, location, unit and the unit's primary contact). The form's
 * state is `useJobForm`; each card is a section of components/create-job. Dialogs are drawn after
 * the <form>: a form inside it would submit the job too (React events bubble through portals).
 */
export default function JobCreatePage() {
  const session = useSession();
  const job = useJobForm();
  const presetDialogs = usePresetDialogs();
  const [pickerOpen, setPickerOpen] = useState(false);
  const { form, options, unit } = job;
  const technician = isTechnicianRole(session.data?.role);

  if (technician) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title="Create Job" back={{ to: '/jobs', label: 'Back to Jobs' }} />
        <InfoBanner>Your role can view jobs but not create them.</InfoBanner>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Create Job"
        subtitle="Fields marked * are required"
        back={{ to: '/jobs', label: 'Back to Jobs' }}
      />
      {job.badUnitParam ? <ErrorBanner className="mb-4" message={JOB_TEXTS.loadUnit} /> : null}
      {unit.isError ? <ErrorBanner className="mb-4" message={errorMessage(unit.error, JOB_TEXTS.loadUnit)} /> : null}
      {options.isError ? <ErrorBanner className="mb-4" message={JOB_TEXTS.loadData} /> : null}
      <form noValidate aria-label="Create Job" className="space-y-6" onSubmit={job.onSubmit}>
        {job.banner ? <ErrorBanner message={job.banner} /> : null}
        <PresetsSection job={job} dialogs={presetDialogs} />
        <CustomerSection job={job} />
        <ContactSection form={form} />
        <ServiceSection form={form} options={options.data} />
        <AppointmentSection
          form={form}
          technicianName={job.technicianName}
          onChooseTechnicians={() => setPickerOpen(true)}
        />
        <AdditionalSection form={form} options={options.data} />
        <NotesSection form={form} />
        <JobFormWarnings warnings={job.warnings} />

        <div className="flex justify-end gap-2">
          <ButtonLink to="/jobs" variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Creating...' : 'Create Job'}
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
        selected={form.watch('technicianIds') ?? []}
        confirmLabel="Done"
        onConfirm={(ids) => {
          form.setValue('technicianIds', ids);
          setPickerOpen(false);
        }}
      />

      <PresetDialogs job={job} dialogs={presetDialogs} />
    </div>
  );
}
