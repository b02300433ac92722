import { can, type Action } from '../../domain/policy';
import { useSession } from './session';

/**
 * May the signed-in user do this action (src/domain/policy.ts)? Screens hide what the server would
 * refuse (403); false while the session loads and when signed out.
 */
export function useCan(action: Action): boolean {
  return can(useSession().data?.role, action);
}

/** The signed-in user's role, for the policy's other questions (mayManageRole, isTechnicianRole). */
export function useRole() {
  return useSession().data?.role;
}
