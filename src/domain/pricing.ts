/**
 * The part flat-rate formula of part 2 section 9, in integer cents.
 *
 *   base             = parts cost + estimated hours x complexity x adjusted labor rate
 *                      + truck fee + roof access fee (when included)
 *   adjusted rate    = labor rate, + 50 per hour when more than one technician is needed
 *   non-contract     = base x 1.35, rounded to the whole dollar
 *   PM contract      = non-contract x 0.9, rounded to the whole dollar
 *   unit cost        = the non-contract flat rate
 */
export const PRICING_DEFAULTS = {
  laborRateCents: 6000,
  truckFeeCents: 1000,
  roofAccessFeeCents: 7500,
  multiTechnicianMarkupCents: 5000,
  nonContractMultiplier: 1.35,
  pmContractMultiplier: 0.9,
  complexityMultiplier: 1,
} as const;

export interface PartPriceInput {
  partsCostCents: number;
  estimatedHours: number;
  complexityMultiplier: number;
  laborRateCents: number;
  multiTechnician: boolean;
  truckFeeCents: number;
  includeRoofAccess: boolean;
  roofAccessFeeCents: number;
}

export interface PartPrice {
  adjustedLaborRateCents: number;
  laborCents: number;
  totalBaseCents: number;
  flatRateNonContractCents: number;
  flatRatePmContractCents: number;
  unitCostCents: number;
}

/** Rounds cents to the nearest whole dollar (half up). */
export function roundToDollar(cents: number): number {
  return Math.round(cents / 100) * 100;
}

export function computePartPrice(input: PartPriceInput): PartPrice {
  const adjustedLaborRateCents = input.laborRateCents + (input.multiTechnician ? PRICING_DEFAULTS.multiTechnicianMarkupCents : 0);
  const laborCents = Math.round(input.estimatedHours * input.complexityMultiplier * adjustedLaborRateCents);
  const totalBaseCents =
    input.partsCostCents + laborCents + input.truckFeeCents + (input.includeRoofAccess ? input.roofAccessFeeCents : 0);
  const flatRateNonContractCents = roundToDollar(totalBaseCents * PRICING_DEFAULTS.nonContractMultiplier);
  const flatRatePmContractCents = roundToDollar(flatRateNonContractCents * PRICING_DEFAULTS.pmContractMultiplier);
  return {
    adjustedLaborRateCents,
    laborCents,
    totalBaseCents,
    flatRateNonContractCents,
    flatRatePmContractCents,
    unitCostCents: flatRateNonContractCents,
  };
}
