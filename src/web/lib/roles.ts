import type { UserRole } from '../../domain/auth';

/** How screens name each role. */
export const ROLE_LABELS: Record<UserRole, string> = { user: 'User', technician: 'Technician', manager: 'Manager', admin: 'Admin' };
