import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  changePasswordInput,
  updateAccountInput,
  type AccountProfile,
  type ChangePasswordInput,
  type UpdateAccountForm,
  type UpdateAccountInput,
} from '../../../domain/account';
import { Link } from 'react-router';
import { useCan } from '../../lib/can';
import { ROLE_LABELS } from '../../lib/roles';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';

import { CompanyDate } from '../../lib/company-date';
import { ErrorBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { FormField, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { useAccount, useChangePassword, useUpdateAccount } from './api/account-queries';
import { useFormatDateTime } from '../../lib/company';

/** /account (My Account): my name, e-mail and phone, and my password. */
export default function AccountPage() {
  const account = useAccount();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="My Account" subtitle="Your details and your password" />
      {account.isError ? (
        <ErrorBanner message={errorMessage(account.error, 'Failed to load your account. Please try again.')} />
      ) : null}
      {account.isPending ? (
        <Spinner />
      ) : account.data ? (
        <>
          <ProfileCard key={account.data.id} profile={account.data} />
          <PasswordCard passwordChangedAt={account.data.passwordChangedAt} />
          <CalendarFeedLink />
        </>
      ) : null}
    </div>
  );
}

function ProfileCard({ profile }: { profile: AccountProfile }) {
  const formatDateTime = useFormatDateTime();
  const save = useUpdateAccount();
  const { register, handleSubmit, formState, setError, reset } = useForm<
    UpdateAccountForm,
    unknown,
    UpdateAccountInput
  >({
    resolver: zodResolver(updateAccountInput),
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      email: profile.email,
      phone: profile.phone ?? '',
    },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      reset({
        firstName: saved.firstName ?? '',
        lastName: saved.lastName ?? '',
        email: saved.email,
        phone: saved.phone ?? '',
      });
      toast.success('Your details were saved');
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });

  return (
    <Card>
      <CardHeader title="Profile" />
      <CardBody>
        <dl className="mb-5 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Username</dt>
            <dd className="mt-1 text-sm text-slate-900">{profile.username}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Role</dt>
            <dd className="mt-1 text-sm text-slate-900">{ROLE_LABELS[profile.role]}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Last Sign-in</dt>
            <dd className="mt-1 text-sm text-slate-900">
              {profile.lastLoginAt ? formatDateTime(profile.lastLoginAt) : 'Never'}
            </dd>
          </div>
        </dl>
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Profile" className="space-y-4">
          {save.isError ? (
            <ErrorBanner message="Failed to save your details">
              {errorMessage(save.error, 'Please try again.')}
            </ErrorBanner>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" error={errors.firstName?.message}>
              {(a11y) => <TextInput {...a11y} autoComplete="given-name" {...register('firstName')} />}
            </FormField>
            <FormField label="Last Name" error={errors.lastName?.message}>
              {(a11y) => <TextInput {...a11y} autoComplete="family-name" {...register('lastName')} />}
            </FormField>
            <FormField label="Email" required error={errors.email?.message}>
              {(a11y) => <TextInput {...a11y} type="email" autoComplete="email" {...register('email')} />}
            </FormField>
            <FormField label="Phone" error={errors.phone?.message}>
              {(a11y) => <TextInput {...a11y} type="tel" autoComplete="tel" {...register('phone')} />}
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending || !formState.isDirty}>
              {save.isPending ? 'Saving...' : 'Save Details'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

/** A technician's own calendar feed is made on Settings > Calendar Feeds (decision 049). */
function CalendarFeedLink() {
  if (!useCan('calendarFeeds.own')) return null;
  return (
    <Card>
      <CardHeader title="Calendar Feed" />
      <CardBody className="text-sm text-slate-700">
        Your scheduled jobs in your phone&apos;s calendar:{' '}
        <Link to="/settings/calendar-feeds" className="font-medium text-blue-700 underline">
          get or manage your calendar feed
        </Link>
        .
      </CardBody>
    </Card>
  );
}

function PasswordCard({ passwordChangedAt }: { passwordChangedAt: string | null }) {
  const change = useChangePassword();
  const { register, handleSubmit, formState, setError, reset } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
      reset();
      toast.success('Password changed. You were signed out on your other devices.');
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });

  return (
    <Card>
      <CardHeader title="Change Password" />
      <CardBody>
        <p className="mb-4 text-sm text-slate-500">
          Changing your password signs you out everywhere else; you stay signed in here.
          {passwordChangedAt ? (
            <>
              {' Last changed '}
              <CompanyDate value={passwordChangedAt} />.
            </>
          ) : null}
        </p>
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Change Password" className="space-y-4">
          {change.isError ? (
            <ErrorBanner message="Failed to change your password">
              {errorMessage(change.error, 'Please try again.')}
            </ErrorBanner>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Current Password" required error={errors.currentPassword?.message}>
              {(a11y) => (
                <TextInput {...a11y} type="password" autoComplete="current-password" {...register('currentPassword')} />
              )}
            </FormField>
            <FormField label="New Password" required error={errors.newPassword?.message} hint="At least 8 characters.">
              {(a11y) => (
                <TextInput {...a11y} type="password" autoComplete="new-password" {...register('newPassword')} />
              )}
            </FormField>
            <FormField label="Confirm New Password" required error={errors.confirmPassword?.message}>
              {(a11y) => (
                <TextInput {...a11y} type="password" autoComplete="new-password" {...register('confirmPassword')} />
              )}
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
