import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { USER_STATUSES, type UserRole, type UserStatus } from '../../../../domain/auth';
import { assignableRoles, DEFAULT_USER_ROLE, isTechnicianRole } from '../../../../domain/policy';
import { DEFAULT_JOB_TITLE, type TechnicianProfileInput } from '../../../../domain/technicians';
import { createUserInput, type CreateUserInput } from '../../../../domain/users';
import { ROLE_LABELS } from '../../../lib/roles';
import { TECHNICIAN_DETAIL_GROUPS } from '../../../lib/technician-detail-fields';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors, numberOrNull } from '../../../lib/form-errors';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Checkbox, FormField, SelectInput, TextArea, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useCreateUser } from '../api/settings-queries';

/** The form's values: every field, with the technician part present whatever the role. */
interface AddUserValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: UserRole;
  status: UserStatus;
  password: string;
  technician: TechnicianProfileInput;
}

const emptyValues = (): AddUserValues => ({
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  role: DEFAULT_USER_ROLE,
  status: 'active',
  password: '',
  technician: {
    employeeId: '',
    hireDate: '',
    jobTitle: DEFAULT_JOB_TITLE,
    hourlyRate: null,
    emergencyContactName: '',
    emergencyContactPhone: '',
    notes: '',
  },
});

// createUserInput drops the technician part unless the role is technician.
const resolver = zodResolver(createUserInput) as unknown as Resolver<AddUserValues, unknown, CreateUserInput>;

/** Settings > Add User, inline: a user who can sign in; with role technician, the technician record too. */
export function AddUserForm({ actorRole, onDone }: { actorRole: UserRole; onDone: () => void }) {
  const create = useCreateUser();
  const { register, handleSubmit, watch, formState, setError, reset } = useForm<
    AddUserValues,
    unknown,
    CreateUserInput
  >({ resolver, defaultValues: emptyValues() });
  const errors = formState.errors;
  const role = watch('role');
  const roles = assignableRoles(actorRole);

  const onSubmit = handleSubmit(async (input) => {
    try {
      const user = await create.mutateAsync(input);
      toast.success(`User ${user.username} added`);
      reset(emptyValues());
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Add User"
      className="space-y-5 border-b border-slate-200 bg-slate-50 p-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">Add User</h3>
      {create.isError ? (
        <ErrorBanner message="Failed to add user">{errorMessage(create.error, 'Please try again.')}</ErrorBanner>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Username" required error={errors.username?.message}>
          {(a11y) => <TextInput {...a11y} autoComplete="off" {...register('username')} />}
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          {(a11y) => <TextInput {...a11y} type="email" autoComplete="off" {...register('email')} />}
        </FormField>
        <FormField label="Role" required error={errors.role?.message}>
          {(a11y) => (
            <SelectInput {...a11y} {...register('role')}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField label="Status" error={errors.status?.message}>
          {(a11y) => (
            <SelectInput {...a11y} {...register('status')}>
              {USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s === 'active' ? 'Active' : 'Inactive'}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField label="First Name" error={errors.firstName?.message}>
          {(a11y) => <TextInput {...a11y} {...register('firstName')} />}
        </FormField>
        <FormField label="Last Name" error={errors.lastName?.message}>
          {(a11y) => <TextInput {...a11y} {...register('lastName')} />}
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          {(a11y) => <TextInput {...a11y} type="tel" {...register('phone')} />}
        </FormField>
        <FormField
          label="Initial Password"
          required
          error={errors.password?.message}
          hint="At least 8 characters. The user can change it in My Account."
        >
          {(a11y) => <TextInput {...a11y} type="password" autoComplete="new-password" {...register('password')} />}
        </FormField>
      </div>

      {isTechnicianRole(role) ? <TechnicianFields register={register} errors={errors} /> : null}

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add User'}
        </Button>
      </div>
    </form>
  );
}

function TechnicianFields({
  register,
  errors,
}: {
  register: UseFormRegister<AddUserValues>;
  errors: FieldErrors<AddUserValues>;
}) {
  const e = errors.technician;
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Technician Details</legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Employee ID" error={e?.employeeId?.message}>
          {(a11y) => <TextInput {...a11y} {...register('technician.employeeId')} />}
        </FormField>
        <FormField label="Hire Date" required error={e?.hireDate?.message}>
          {(a11y) => <TextInput {...a11y} type="date" {...register('technician.hireDate')} />}
        </FormField>
        <FormField label="Job Title" required error={e?.jobTitle?.message}>
          {(a11y) => <TextInput {...a11y} placeholder={DEFAULT_JOB_TITLE} {...register('technician.jobTitle')} />}
        </FormField>
        <FormField label="Hourly Rate" error={e?.hourlyRate?.message}>
          {(a11y) => (
            <TextInput
              {...a11y}
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              {...register('technician.hourlyRate', { setValueAs: numberOrNull })}
            />
          )}
        </FormField>
        <FormField label="Emergency Contact Name" error={e?.emergencyContactName?.message}>
          {(a11y) => <TextInput {...a11y} {...register('technician.emergencyContactName')} />}
        </FormField>
        <FormField label="Emergency Contact Phone" error={e?.emergencyContactPhone?.message}>
          {(a11y) => <TextInput {...a11y} type="tel" {...register('technician.emergencyContactPhone')} />}
        </FormField>
        <FormField label="Notes" className="sm:col-span-2" error={e?.notes?.message}>
          {(a11y) => <TextArea {...a11y} rows={2} {...register('technician.notes')} />}
        </FormField>
      </div>
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-blue-700 hover:text-blue-800">
          More technician details (address, license, vehicle, payroll, reviews)
        </summary>
        <div className="mt-4 space-y-4">
          {TECHNICIAN_DETAIL_GROUPS.map((group) => (
            <div key={group.title}>
              <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.title}</p>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {group.fields.map((field) =>
                  field.kind === 'checkbox' ? (
                    <div key={field.name} className="flex items-end pb-2">
                      <Checkbox label={field.label} {...register(`technician.${field.name}`)} />
                    </div>
                  ) : (
                    <FormField key={field.name} label={field.label} error={e?.[field.name]?.message}>
                      {(a11y) => (
                        <TextInput
                          {...a11y}
                          type={field.kind === 'date' ? 'date' : field.kind === 'year' ? 'number' : 'text'}
                          {...(field.maxLength ? { maxLength: field.maxLength } : {})}
                          {...register(
                            `technician.${field.name}`,
                            field.kind === 'year' ? { setValueAs: numberOrNull } : {},
                          )}
                        />
                      )}
                    </FormField>
                  ),
                )}
              </div>
            </div>
          ))}
        </div>
      </details>
    </fieldset>
  );
}
