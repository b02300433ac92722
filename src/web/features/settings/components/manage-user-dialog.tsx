import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { USER_STATUSES, type SessionUser } from '../../../../domain/auth';
import { isTechnician as hasTechnicianRecord, switchableRoles } from '../../../../domain/policy';
import {
  setPasswordInput,
  updateUserInput,
  type SetPasswordInput,
  type UpdateUserForm,
  type UpdateUserInput,
  type UserSummary,
} from '../../../../domain/users';
import { ROLE_LABELS } from '../../../lib/roles';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormField, SelectInput, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useSetUserPassword, useUpdateUser } from '../api/settings-queries';

/**
 * Manage a user (admins and managers): e-mail, name, phone, role and status, and setting a new
 * password (which signs them out everywhere). A technician's role stays technician; nobody
 * changes their own role or status here.
 */
export function ManageUserDialog({
  user,
  actor,
  onClose,
}: {
  user: UserSummary;
  actor: SessionUser;
  onClose: () => void;
}) {
  const update = useUpdateUser();
  const setPassword = useSetUserPassword();
  const isSelf = user.id === actor.id;
  const isTechnician = hasTechnicianRecord(user);
  // Fixed choices are offered as a one-option select (a disabled field would not be submitted).
  const roles = switchableRoles(actor.role, user, isSelf);
  const statuses = isSelf ? [user.status] : USER_STATUSES;

  const profile = useForm<UpdateUserForm, unknown, UpdateUserInput>({
    resolver: zodResolver(updateUserInput),
    defaultValues: {
      email: user.email,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phone: user.phone ?? '',
      role: user.role,
      status: user.status,
    },
  });
  const password = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordInput),
    defaultValues: { password: '' },
  });
  const [passwordSet, setPasswordSet] = useState(false);

  const saveProfile = profile.handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ id: user.id, input });
      toast.success(`User ${user.username} saved`);
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, profile.setError);
    }
  });

  const savePassword = password.handleSubmit(async ({ password: value }) => {
    try {
      await setPassword.mutateAsync({ id: user.id, password: value });
      password.reset({ password: '' });
      setPasswordSet(true);
      toast.success(`Password set for ${user.username}`);
    } catch (error) {
      applyServerFieldErrors(error, password.setError);
    }
  });

  const e = profile.formState.errors;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Manage ${user.username}`}
      description={`${ROLE_LABELS[user.role]} account`}
      size="lg"
    >
      <form onSubmit={(ev) => void saveProfile(ev)} noValidate aria-label="Edit user" className="space-y-4">
        {update.isError ? (
          <ErrorBanner message="Failed to save user">{errorMessage(update.error, 'Please try again.')}</ErrorBanner>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Email" required error={e.email?.message}>
            {(a11y) => <TextInput {...a11y} type="email" {...profile.register('email')} />}
          </FormField>
          <FormField label="Phone" error={e.phone?.message}>
            {(a11y) => <TextInput {...a11y} type="tel" {...profile.register('phone')} />}
          </FormField>
          <FormField label="First Name" error={e.firstName?.message}>
            {(a11y) => <TextInput {...a11y} {...profile.register('firstName')} />}
          </FormField>
          <FormField label="Last Name" error={e.lastName?.message}>
            {(a11y) => <TextInput {...a11y} {...profile.register('lastName')} />}
          </FormField>
          <FormField
            label="Role"
            error={e.role?.message}
            hint={
              isSelf
                ? 'You cannot change your own role.'
                : isTechnician
                  ? 'A technician stays a technician; set them inactive instead.'
                  : undefined
            }
          >
            {(a11y) => (
              <SelectInput {...a11y} {...profile.register('role')}>
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField
            label="Status"
            error={e.status?.message}
            hint={isSelf ? 'You cannot deactivate yourself.' : 'Inactive users cannot sign in.'}
          >
            {(a11y) => (
              <SelectInput {...a11y} {...profile.register('status')}>
                {statuses.map((s) => (
                  <option key={s} value={s}>
                    {s === 'active' ? 'Active' : 'Inactive'}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>

      <div className="mt-6 border-t border-slate-200 pt-4">
        <h3 className="text-sm font-semibold text-slate-900">Set Password</h3>
        {isSelf ? (
          <p className="mt-2 text-sm text-slate-600">
            Change your own password in{' '}
            <Link to="/account" className="text-blue-700 underline">
              My Account
            </Link>
            .
          </p>
        ) : (
          <form
            onSubmit={(ev) => void savePassword(ev)}
            noValidate
            aria-label="Set password"
            className="mt-2 space-y-3"
          >
            <p className="text-sm text-slate-600">
              {user.hasPassword || passwordSet
                ? 'Sets a new password and signs the user out everywhere.'
                : 'This user has no password yet and cannot sign in until one is set.'}
            </p>
            {setPassword.isError ? (
              <ErrorBanner message="Failed to set password">
                {errorMessage(setPassword.error, 'Please try again.')}
              </ErrorBanner>
            ) : null}
            {passwordSet ? (
              <p className="text-sm text-green-700">
                Password set. Share it with the user; they can change it in My Account.
              </p>
            ) : null}
            <div className="flex flex-wrap items-start gap-2">
              <FormField
                label="New Password"
                className="min-w-64 flex-1"
                error={password.formState.errors.password?.message}
                hint="At least 8 characters."
              >
                {(a11y) => (
                  <TextInput {...a11y} type="password" autoComplete="new-password" {...password.register('password')} />
                )}
              </FormField>
              <Button type="submit" variant="secondary" className="mt-6" disabled={setPassword.isPending}>
                {setPassword.isPending ? 'Setting...' : 'Set Password'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
