import { describe, expect, it } from 'vitest';
import { changePasswordInput, updateAccountInput } from './account';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('My Account', () => {
  it('requires a valid e-mail; names and phone are optional', () => {
    expect(issuesOf(updateAccountInput.safeParse({ email: 'x' }))).toEqual({ email: 'Enter a valid email address' });
    expect(updateAccountInput.parse({ email: 'a@b.co', firstName: '', phone: ' ' })).toEqual({
      email: 'a@b.co',
      firstName: null,
      phone: null,
    });
  });

  it('changing the password needs the current one, 8 characters and the same new password twice', () => {
    expect(
      issuesOf(changePasswordInput.safeParse({ currentPassword: '', newPassword: 'short', confirmPassword: 'short' })),
    ).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters',
    });
    expect(
      issuesOf(
        changePasswordInput.safeParse({
          currentPassword: 'old-password',
          newPassword: 'new-password',
          confirmPassword: 'new-passw0rd',
        }),
      ),
    ).toEqual({
      confirmPassword: 'The new passwords do not match',
    });
    expect(
      issuesOf(
        changePasswordInput.safeParse({
          currentPassword: 'same-password',
          newPassword: 'same-password',
          confirmPassword: 'same-password',
        }),
      ),
    ).toEqual({
      newPassword: 'The new password must differ from the current one',
    });
    expect(
      changePasswordInput.safeParse({
        currentPassword: 'old-password',
        newPassword: 'new-password',
        confirmPassword: 'new-password',
      }).success,
    ).toBe(true);
  });
});
