/**
 * Repair total: the chosen option tier plus labor, refrigerant recovery,
 * start-up, thermostat start-up, removal, permit, accessories and additional items, divided by
 * 0.6 (a 40% gross margin) and rounded to the whole dollar; 0 when the sum is 0. Integer cents.
 */
export const REPAIR_PHASES = ['phase1', 'phase2', 'phase3'] as const;
export type RepairPhase = (typeof REPAIR_PHASES)[number];
export const REPAIR_PHASE_LABELS: Record<RepairPhase, string> = {
  phase1: 'Economy Option',
  phase2: 'Standard Option',
  phase3: 'Premium Option',
};
export const REPAIR_MARGIN_DIVISOR = 0.6;

export interface RepairCostsCents {
  selectedPhase: RepairPhase;
  phaseCents: Record<RepairPhase, number>;
  laborCents: number;
  refrigerationRecoveryCents: number;
  startUpCents: number;
  thermostatStartupCents: number;
  removalCents: number;
  permitCents: number;
  accessoriesCents: number[];
  additionalItemsCents: number[];
}

export function repairCostSumCents(r: RepairCostsCents): number {
  const lists = [...r.accessoriesCents, ...r.additionalItemsCents].reduce((a, b) => a + b, 0);
  return (
    r.phaseCents[r.selectedPhase] +
    r.laborCents +
    r.refrigerationRecoveryCents +
    r.startUpCents +
    r.thermostatStartupCents +
    r.removalCents +
    r.permitCents +
    lists
  );
}

export function repairTotalCents(r: RepairCostsCents): number {
  const sum = repairCostSumCents(r);
  if (sum === 0) return 0;
  return Math.round(sum / REPAIR_MARGIN_DIVISOR / 100) * 100;
}
