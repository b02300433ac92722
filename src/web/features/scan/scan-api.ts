import type { UnitCodeResult } from '../../../domain/unit-labels';
import { api } from '../../lib/api-client';

/** The unit a scanned or typed code names, and a technician's open job on it. */
export function resolveUnitCode(code: string): Promise<UnitCodeResult> {
  return api.get<UnitCodeResult>('/api/unit-labels/resolve', { code });
}

/** Where a resolved code goes: the technician's open job on the unit, else the unit's page. */
export function scanDestination(result: UnitCodeResult): string {
  return result.job ? `/jobs/${result.job.id}` : `/units/${result.unit.id}`;
}
