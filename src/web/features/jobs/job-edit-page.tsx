import { useParams } from 'react-router';
import { isClosedJob, JOB_MESSAGES, type JobDetail } from '../../../domain/jobs';
import { useCan } from '../../lib/can';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { DetailScreen, validId } from '../../ui/detail-screen';
import { PageHeader } from '../../ui/page-header';
import { useJob, useJobOptions } from './api/jobs-api';
import { AdditionalSection } from './components/create-job/additional-section';
import { AppointmentSection } from './components/create-job/appointment-section';
import { ContactSection } from './components/create-job/contact-section';
import { CustomerSection } from './components/create-job/customer-section';
import { JobFormWarnings } from './components/create-job/job-form-warnings';
import { NotesSection } from './components/create-job/notes-section';
import { ServiceSection } from './components/create-job/service-section';
import { JOB_TEXTS } from './job-texts';
import { useJobForm } from './use-job-form';

/**
 * /jobs/:id/edit: the Create Job form's sections, prefilled with the job (technicians stay with
 * Assign Technicians on the job page). A completed or cancelled job shows its fields disabled,
 * with why, and saves only its notes.
 */
export default function JobEditPage() {
  const { id } = useParams();
  const job = useJob(validId(id));
  const options = useJobOptions();
  const mayEdit = useCan('jobs.edit');
  const back = { to: validId(id) ? `/jobs/${id}` : '/jobs', label: 'Back to Job' };

  if (!mayEdit) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title="Edit Job" back={back} />
        <InfoBanner>Your role can view jobs but not edit them.</InfoBanner>
      </div>
    );
  }
  return (
    <DetailScreen
      id={id}
      query={job}
      invalidMessage={JOB_MESSAGES.invalidJobId}
      notFoundMessage={JOB_MESSAGES.jobNotFound}
      errorMessage={JOB_TEXTS.fetchJob}
      loadingLabel="Loading job..."
      back={{ to: '/jobs', label: 'Back to Jobs' }}
    >
      {(data) =>
        options.data ? (
          <EditJobForm key={data.updatedAt} job={data} timeZone={options.data.timeZone} />
        ) : options.isError ? (
          <ErrorBanner message={JOB_TEXTS.loadData} />
        ) : null
      }
    </DetailScreen>
  );
}

function EditJobForm({ job: saved, timeZone }: { job: JobDetail; timeZone: string }) {
  const job = useJobForm({ job: saved, timeZone });
  const { form, options } = job;
  const closed = isClosedJob(saved.status);
  const submitting = form.formState.isSubmitting;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={`Edit Job #${saved.number}`}
        subtitle={closed ? undefined : 'Fields marked * are required'}
        back={{ to: `/jobs/${saved.id}`, label: 'Back to Job' }}
      />
      <form noValidate aria-label="Edit Job" className="space-y-6" onSubmit={closed ? job.onSubmitNotes : job.onSubmit}>
        {job.banner ? <ErrorBanner message={job.banner} /> : null}
        {closed ? <InfoBanner>{JOB_TEXTS.closedJob(saved.status)}</InfoBanner> : null}
        {closed ? null : <JobFormWarnings warnings={job.warnings} />}
        <fieldset disabled={closed} className="space-y-6 disabled:opacity-80">
          <legend className="sr-only">Job details</legend>
          <CustomerSection job={job} />
          <ContactSection form={form} />
          <ServiceSection form={form} options={options.data} />
          <AppointmentSection
            form={form}
            technicianName={job.technicianName}
            techniciansNote={JOB_TEXTS.techniciansElsewhere}
          />
          <AdditionalSection form={form} options={options.data} />
        </fieldset>
        <NotesSection form={form} />
        <div className="flex justify-end gap-2">
          <ButtonLink to={`/jobs/${saved.id}`} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Saving...' : closed ? 'Save Notes' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </div>
  );
}
