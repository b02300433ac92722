import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { OFFICE_ROLES, TECHNICIAN_ROLE, type UserRole } from '../../domain/policy.js';

/**
 * The policy's role questions in SQL (src/domain/policy.ts is the rule; these are its twins), so
 * no query writes a role name. The roles go in as literals, as the queries always had them.
 */
const roleLiteral = (role: UserRole): SQL => sql.raw(`'${role}'`);

/** SQL twin of `isTechnicianRole`: `role = 'technician'`. */
export const isTechnicianUser = (role: SQLWrapper): SQL => sql`${role} = ${roleLiteral(TECHNICIAN_ROLE)}`;

/** SQL twin of `isOfficeRole`: `role in ('admin', 'manager', 'user')`. */
export const isOfficeUser = (role: SQLWrapper): SQL =>
  sql`${role} in (${sql.join(
    OFFICE_ROLES.map((r) => roleLiteral(r)),
    sql`, `,
  )})`;
