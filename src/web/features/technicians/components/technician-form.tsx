import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import {
  CERTIFICATION_STATUSES,
  createTechnicianInput,
  DAY_NAMES,
  DEFAULT_JOB_TITLE,
  emptyCertificationRow,
  emptySkillRow,
  emptyTerritoryRow,
  PROFICIENCY_LEVELS,
  updateTechnicianInput,
  type CreateTechnicianInput,
  type UpdateTechnicianForm,
  type UpdateTechnicianInput,
} from '../../../../domain/technicians';
import { applyServerFieldErrors, numberOrNull, numberOrUndefined } from '../../../lib/form-errors';
import { TECHNICIAN_DETAIL_GROUPS } from '../../../lib/technician-detail-fields';
import { ErrorBanner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { Checkbox, FormField, SelectInput, TextArea, TextInput } from '../../../ui/form-field';

/** The form's values: Add has an optional initial password, Edit a status. */
export type TechnicianFormValues = Omit<UpdateTechnicianForm, 'status'> & {
  status?: UpdateTechnicianForm['status'];
  password?: string;
};
export type TechnicianFormOutput = CreateTechnicianInput | UpdateTechnicianInput;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Section({
  title,
  description,
  children,
  action,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} actions={action} />
      <CardBody className="space-y-4">
        {description ? <p className="text-sm text-slate-500">{description}</p> : null}
        {children}
      </CardBody>
    </Card>
  );
}

function RemoveRowButton({ index, label, onRemove }: { index: number; label: string; onRemove: () => void }) {
  // Each list keeps at least one row: the first cannot be removed.
  if (index === 0) return <span className="hidden w-9 sm:block" aria-hidden />;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="mt-6 h-9 w-9 px-0 text-red-600 hover:bg-red-50 hover:text-red-700"
      aria-label={`Remove ${label} ${index + 1}`}
      onClick={onRemove}
    >
      <Trash2 className="h-4 w-4" aria-hidden />
    </Button>
  );
}

/**
 * Add Technician and Edit Technician: Basic Information, Emergency Contact, Skills,
 * Certifications, Availability, Service Territories, Additional Notes (and, when editing, the
 * further employment details). Validated with the same schema the API uses.
 */
export function TechnicianForm({
  mode,
  defaultValues,
  onSubmit,
  submitLabel,
  pendingLabel,
  cancelTo,
  failure,
  username,
}: {
  mode: 'add' | 'edit';
  defaultValues: TechnicianFormValues;
  onSubmit: (values: TechnicianFormOutput) => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
  cancelTo: string;
  failure: ReactNode;
  username?: string;
}) {
  const resolver = zodResolver(mode === 'add' ? createTechnicianInput : updateTechnicianInput) as unknown as Resolver<
    TechnicianFormValues,
    unknown,
    TechnicianFormOutput
  >;
  const form = useForm<TechnicianFormValues, unknown, TechnicianFormOutput>({ resolver, defaultValues });
  const { register, control, handleSubmit, formState, setError, watch } = form;
  const errors = formState.errors;
  const skills = useFieldArray({ control, name: 'skills' });
  const certifications = useFieldArray({ control, name: 'certifications' });
  const territories = useFieldArray({ control, name: 'territories' });
  const availability = watch('availability') ?? [];

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-6"
      aria-label={mode === 'add' ? 'Add Technician' : 'Edit Technician'}
    >
      {failure}

      <Section title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="First Name" required error={errors.firstName?.message}>
            {(a11y) => <TextInput {...a11y} autoComplete="off" {...register('firstName')} />}
          </FormField>
          <FormField label="Last Name" required error={errors.lastName?.message}>
            {(a11y) => <TextInput {...a11y} autoComplete="off" {...register('lastName')} />}
          </FormField>
          <FormField
            label="Email"
            required
            error={errors.email?.message}
            hint={
              mode === 'add' ? 'The username is the part before the @.' : username ? `Username: ${username}` : undefined
            }
          >
            {(a11y) => <TextInput {...a11y} type="email" autoComplete="off" {...register('email')} />}
          </FormField>
          <FormField label="Phone" error={errors.phone?.message}>
            {(a11y) => <TextInput {...a11y} type="tel" {...register('phone')} />}
          </FormField>
          <FormField label="Employee ID" error={errors.employeeId?.message}>
            {(a11y) => <TextInput {...a11y} {...register('employeeId')} />}
          </FormField>
          <FormField label="Hire Date" required error={errors.hireDate?.message}>
            {(a11y) => <TextInput {...a11y} type="date" {...register('hireDate')} />}
          </FormField>
          <FormField label="Job Title" required error={errors.jobTitle?.message}>
            {(a11y) => <TextInput {...a11y} placeholder={DEFAULT_JOB_TITLE} {...register('jobTitle')} />}
          </FormField>
          <FormField label="Hourly Rate" error={errors.hourlyRate?.message}>
            {(a11y) => (
              <TextInput
                {...a11y}
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                {...register('hourlyRate', { setValueAs: numberOrNull })}
              />
            )}
          </FormField>
          {mode === 'add' ? (
            <FormField
              label="Initial Password"
              className="sm:col-span-2"
              error={errors.password?.message}
              hint="Optional. Leave empty if the technician will not sign in yet; an admin can set one later in Settings."
            >
              {(a11y) => <TextInput {...a11y} type="password" autoComplete="new-password" {...register('password')} />}
            </FormField>
          ) : (
            <FormField label="Status" error={errors.status?.message} hint="Inactive technicians cannot sign in.">
              {(a11y) => (
                <SelectInput {...a11y} {...register('status')}>
                  <option value="active">Active</option>
                  <option value="inactive">Inactive</option>
                </SelectInput>
              )}
            </FormField>
          )}
        </div>
      </Section>

      <Section title="Emergency Contact">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Emergency Contact Name" error={errors.emergencyContactName?.message}>
            {(a11y) => <TextInput {...a11y} {...register('emergencyContactName')} />}
          </FormField>
          <FormField label="Emergency Contact Phone" error={errors.emergencyContactPhone?.message}>
            {(a11y) => <TextInput {...a11y} type="tel" {...register('emergencyContactPhone')} />}
          </FormField>
        </div>
      </Section>

      <Section
        title="Skills"
        description="Rows without a skill name are not saved."
        action={
          <Button variant="secondary" size="sm" onClick={() => skills.append(emptySkillRow())}>
            <Plus className="h-4 w-4" aria-hidden /> Add Skill
          </Button>
        }
      >
        {skills.fields.map((row, i) => (
          <div key={row.id} className="grid items-start gap-3 sm:grid-cols-[2fr_1fr_9rem_auto]" data-testid="skill-row">
            <FormField label="Skill Name" error={errors.skills?.[i]?.skillName?.message}>
              {(a11y) => <TextInput {...a11y} {...register(`skills.${i}.skillName`)} />}
            </FormField>
            <FormField label="Proficiency" error={errors.skills?.[i]?.proficiencyLevel?.message}>
              {(a11y) => (
                <SelectInput {...a11y} {...register(`skills.${i}.proficiencyLevel`)}>
                  {PROFICIENCY_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {capitalize(level)}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
            <FormField label="Years Experience" error={errors.skills?.[i]?.yearsExperience?.message}>
              {(a11y) => (
                <TextInput
                  {...a11y}
                  type="number"
                  min={0}
                  step={1}
                  {...register(`skills.${i}.yearsExperience`, { setValueAs: numberOrUndefined })}
                />
              )}
            </FormField>
            <RemoveRowButton index={i} label="skill" onRemove={() => skills.remove(i)} />
          </div>
        ))}
      </Section>

      <Section
        title="Certifications"
        description="Rows without a certification name are not saved."
        action={
          <Button variant="secondary" size="sm" onClick={() => certifications.append(emptyCertificationRow())}>
            <Plus className="h-4 w-4" aria-hidden /> Add Certification
          </Button>
        }
      >
        {certifications.fields.map((row, i) => {
          const e = errors.certifications?.[i];
          return (
            <div
              key={row.id}
              className="grid items-start gap-3 border-b border-slate-100 pb-4 last:border-0 last:pb-0 sm:grid-cols-[1fr_auto]"
              data-testid="certification-row"
            >
              <div className="grid gap-3 sm:grid-cols-3">
                <FormField label="Certification Name" error={e?.certificationName?.message}>
                  {(a11y) => <TextInput {...a11y} {...register(`certifications.${i}.certificationName`)} />}
                </FormField>
                <FormField label="Issuing Organization" error={e?.issuingOrganization?.message}>
                  {(a11y) => <TextInput {...a11y} {...register(`certifications.${i}.issuingOrganization`)} />}
                </FormField>
                <FormField label="Certification Number" error={e?.certificationNumber?.message}>
                  {(a11y) => <TextInput {...a11y} {...register(`certifications.${i}.certificationNumber`)} />}
                </FormField>
                <FormField label="Issue Date" error={e?.issueDate?.message}>
                  {(a11y) => <TextInput {...a11y} type="date" {...register(`certifications.${i}.issueDate`)} />}
                </FormField>
                <FormField label="Expiry Date" error={e?.expiryDate?.message}>
                  {(a11y) => <TextInput {...a11y} type="date" {...register(`certifications.${i}.expiryDate`)} />}
                </FormField>
                <FormField label="Status" error={e?.status?.message}>
                  {(a11y) => (
                    <SelectInput {...a11y} {...register(`certifications.${i}.status`)}>
                      {CERTIFICATION_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {capitalize(status)}
                        </option>
                      ))}
                    </SelectInput>
                  )}
                </FormField>
              </div>
              <RemoveRowButton index={i} label="certification" onRemove={() => certifications.remove(i)} />
            </div>
          );
        })}
      </Section>

      <Section title="Availability" description="Only the days marked available are saved.">
        <div className="divide-y divide-slate-100">
          <div
            className="hidden gap-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:grid sm:grid-cols-[12rem_1fr_1fr]"
            aria-hidden
          >
            <span>Day (available)</span>
            <span>Start Time</span>
            <span>End Time</span>
          </div>
          {DAY_NAMES.map((day, i) => {
            const available = Boolean(availability[i]?.isAvailable);
            const e = errors.availability?.[i];
            return (
              <div
                key={day}
                className="grid items-center gap-3 py-2 sm:grid-cols-[12rem_1fr_1fr]"
                data-testid={`availability-${day}`}
              >
                <Checkbox label={day} aria-label={`${day} available`} {...register(`availability.${i}.isAvailable`)} />
                <div>
                  <TextInput
                    type="time"
                    aria-label={`${day} start time`}
                    disabled={!available}
                    aria-invalid={Boolean(e?.startTime)}
                    {...register(`availability.${i}.startTime`)}
                  />
                  {e?.startTime ? <p className="mt-1 text-xs text-red-600">{e.startTime.message}</p> : null}
                </div>
                <div>
                  <TextInput
                    type="time"
                    aria-label={`${day} end time`}
                    disabled={!available}
                    aria-invalid={Boolean(e?.endTime)}
                    {...register(`availability.${i}.endTime`)}
                  />
                  {e?.endTime ? <p className="mt-1 text-xs text-red-600">{e.endTime.message}</p> : null}
                </div>
              </div>
            );
          })}
        </div>
      </Section>

      <Section
        title="Service Territories"
        description="Rows are saved only with a territory name and a state. Separate zip codes with commas."
        action={
          <Button variant="secondary" size="sm" onClick={() => territories.append(emptyTerritoryRow())}>
            <Plus className="h-4 w-4" aria-hidden /> Add Territory
          </Button>
        }
      >
        {territories.fields.map((row, i) => {
          const e = errors.territories?.[i] as Record<string, { message?: string } | undefined> | undefined;
          // A bad single zip code is reported at zipCodes.<n>; show the first such message.
          const zipErrors = e?.zipCodes as ({ message?: string } | undefined)[] | { message?: string } | undefined;
          const zipError = Array.isArray(zipErrors) ? zipErrors.find((z) => z?.message)?.message : zipErrors?.message;
          return (
            <div
              key={row.id}
              className="grid items-start gap-3 sm:grid-cols-[2fr_5rem_3fr_auto_auto]"
              data-testid="territory-row"
            >
              <FormField label="Territory Name" error={e?.territoryName?.message}>
                {(a11y) => <TextInput {...a11y} {...register(`territories.${i}.territoryName`)} />}
              </FormField>
              <FormField label="State" error={e?.state?.message}>
                {(a11y) => (
                  <TextInput {...a11y} maxLength={2} className="uppercase" {...register(`territories.${i}.state`)} />
                )}
              </FormField>
              <FormField label="Zip Codes" error={zipError}>
                {(a11y) => (
                  <TextInput {...a11y} placeholder="30301, 30302" {...register(`territories.${i}.zipCodes`)} />
                )}
              </FormField>
              <div className="flex h-full items-end pb-2">
                <Checkbox label="Primary" {...register(`territories.${i}.isPrimary`)} />
              </div>
              <RemoveRowButton index={i} label="territory" onRemove={() => territories.remove(i)} />
            </div>
          );
        })}
      </Section>

      <Section title="Additional Notes">
        <FormField label="Notes" error={errors.notes?.message}>
          {(a11y) => <TextArea {...a11y} rows={4} {...register('notes')} />}
        </FormField>
      </Section>

      {mode === 'edit' ? (
        <Section title="Employment Details">
          {TECHNICIAN_DETAIL_GROUPS.map((group) => (
            <div key={group.title}>
              <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.title}</p>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {group.fields.map((field) =>
                  field.kind === 'checkbox' ? (
                    <div key={field.name} className="flex items-end pb-2">
                      <Checkbox label={field.label} {...register(field.name)} />
                    </div>
                  ) : (
                    <FormField key={field.name} label={field.label} error={errors[field.name]?.message}>
                      {(a11y) => (
                        <TextInput
                          {...a11y}
                          type={field.kind === 'date' ? 'date' : field.kind === 'year' ? 'number' : 'text'}
                          {...(field.maxLength ? { maxLength: field.maxLength } : {})}
                          {...register(field.name, field.kind === 'year' ? { setValueAs: numberOrNull } : {})}
                        />
                      )}
                    </FormField>
                  ),
                )}
              </div>
            </div>
          ))}
        </Section>
      ) : null}

      {Object.keys(errors).length ? <ErrorBanner message="Please correct the highlighted fields." /> : null}
      <div className="flex justify-end gap-2 pb-8">
        <ButtonLink to={cancelTo} variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
