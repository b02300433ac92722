import { Users } from 'lucide-react';
import { durationChoices, formatDurationHm } from '../../../../../domain/jobs';
import { Badge } from '../../../../ui/badge';
import { Button } from '../../../../ui/button';
import { FormField, SelectInput } from '../../../../ui/form-field';
import { JOB_TEXTS } from '../../job-texts';
import { FormSection, JobTextField, type JobForm } from './form-section';

/** Appointment: the period, the duration, the schedule date and time, and the chosen technicians (the first is the primary). */
export function AppointmentSection({
  form,
  technicianName,
  onChooseTechnicians,
  techniciansNote,
}: {
  form: JobForm;
  technicianName: (id: string) => string;
  /** Create Job chooses the technicians here; Edit Job says where they are changed instead. */
  onChooseTechnicians?: () => void;
  techniciansNote?: string;
}) {
  const errors = form.formState.errors;
  const technicianIds = form.watch('technicianIds') ?? [];
  return (
    <FormSection
      title="Appointment"
      description="A job is scheduled when both a schedule date and time are given; otherwise it is unscheduled."
    >
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <JobTextField form={form} name="timePeriodStart" label="Start Date" required type="date" />
        <JobTextField form={form} name="timePeriodDue" label="Due Date" required type="date" />
        <FormField label="Duration" error={errors.scheduleDuration?.message}>
          {(field) => (
            <SelectInput {...field} {...form.register('scheduleDuration', { valueAsNumber: true })}>
              {durationChoices().map((m) => (
                <option key={m} value={m}>
                  {formatDurationHm(m)}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <JobTextField form={form} name="scheduleDate" label="Schedule Date" type="date" />
        <JobTextField form={form} name="scheduleTime" label="Schedule Time" type="time" />
      </div>
      {techniciansNote ? <p className="text-sm text-slate-600">{techniciansNote}</p> : null}
      <div className={onChooseTechnicians ? 'space-y-2' : 'hidden'}>
        <div className="flex flex-wrap items-center gap-3">
          <h3 className="text-sm font-medium text-slate-700">Technicians</h3>
          <Button variant="secondary" size="sm" onClick={onChooseTechnicians}>
            <Users className="h-4 w-4" aria-hidden />{' '}
            {technicianIds.length ? 'Change Technicians' : 'Choose Technicians'}
          </Button>
        </div>
        {technicianIds.length === 0 ? (
          <p className="text-sm text-slate-600">{JOB_TEXTS.noTechniciansAssigned}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Chosen technicians" data-testid="chosen-technicians">
            {technicianIds.map((id, index) => (
              <li
                key={id}
                className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
              >
                {technicianName(id)} {index === 0 ? <Badge tone="blue">Primary</Badge> : null}
              </li>
            ))}
          </ul>
        )}
        {errors.technicianIds?.message ? <p className="text-xs text-red-600">{errors.technicianIds.message}</p> : null}
      </div>
    </FormSection>
  );
}
