import type { ReferenceTypeKind } from '../../../domain/reference-types';

/** The banner when adding a service or job type fails for a reason not shown at a field. */
export const ADD_REFERENCE_TYPE_FAILED: Record<ReferenceTypeKind, string> = {
  'service-types': 'Failed to add service type',
  'job-types': 'Failed to add job type',
};
