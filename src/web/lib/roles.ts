import type { UserRole } from '../../domain/auth';

/** How screens name each role. */
export const ROLE_LABELS: Record<UserRole, string> = {
  user: 'User',
  technician: 'Technician',
  manager: 'Manager',
  admin: 'Admin',
};

/** The colour of each role's badge in the users list. */
export const ROLE_TONES: Record<UserRole, 'purple' | 'blue' | 'amber' | 'gray'> = {
  admin: 'purple',
  manager: 'blue',
  technician: 'amber',
  user: 'gray',
};
