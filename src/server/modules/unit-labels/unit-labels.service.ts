import { CUSTOMER_MESSAGES } from '../../../domain/customers.js';
import { isTechnician, type UserRole } from '../../../domain/policy.js';
import {
  MAX_LABELS_PER_SHEET,
  prefixRange,
  readUnitCode,
  UNIT_LABEL_TEXTS,
  unitLabelCode,
  unitLabelFileName,
  labelSheetFileName,
  unreadableCodeMessage,
  type UnitCodeResult,
} from '../../../domain/unit-labels.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { labelSheetPdf, unitLabelPdf, type LabelLocation } from '../../pdf/unit-label-pdf.js';
import type { LabelUnitRow, UnitLabelsRepo } from './unit-labels.repo.js';

export interface LabelFile {
  fileName: string;
  bytes: Uint8Array;
}

/** Groups rows ordered by location into the sheet's locations. */
function byLocation(rows: readonly LabelUnitRow[]): LabelLocation[] {
  const out: (LabelLocation & { id: string })[] = [];
  for (const row of rows) {
    let last = out[out.length - 1];
    if (last?.id !== row.locationId) {
      last = { id: row.locationId, name: row.locationName, units: [] };
      out.push(last);
    }
    last.units.push(row);
  }
  return out;
}

export function createUnitLabelsService({ repo, publicUrl }: { repo: UnitLabelsRepo; publicUrl: string }) {
  return {
    /** One unit's label (404 "Unit not found"). */
    async unitLabel(unitId: string): Promise<LabelFile> {
      const unit = await repo.unit(unitId);
      if (!unit) throw notFound(CUSTOMER_MESSAGES.unitNotFound);
      return { fileName: unitLabelFileName(unit.unitNumber), bytes: await unitLabelPdf(unit, publicUrl) };
    },

    /**
     * The company's label sheets, or one location's. At most MAX_LABELS_PER_SHEET labels a
     * request, counted before any is read: a larger company prints a location at a time (400).
     */
    async companySheet(companyId: string, locationId?: string): Promise<LabelFile> {
      const company = await repo.company(companyId);
      if (!company) throw notFound(CUSTOMER_MESSAGES.companyNotFound);
      let locationName: string | undefined;
      if (locationId) {
        const location = await repo.location(locationId);
        if (!location || location.companyId !== companyId) throw notFound(CUSTOMER_MESSAGES.locationNotFound);
        locationName = location.name;
      }
      const count = await repo.countUnits(companyId, locationId);
      if (count > MAX_LABELS_PER_SHEET) throw badRequest(UNIT_LABEL_TEXTS.tooManyLabels(count, MAX_LABELS_PER_SHEET));
      const rows = await repo.companyUnits(companyId, locationId);
      return {
        fileName: labelSheetFileName(company.name, locationName),
        bytes: await labelSheetPdf(company.name, byLocation(rows), publicUrl),
      };
    },

    /**
     * What a scanned or typed code opens: the unit, and for a technician their open job on it.
     * `origins` are this product's addresses (PUBLIC_URL and the one the request came to): a QR
     * code naming another site is not one of our labels.
     */
    async resolve(
      code: string,
      user: { id: string; role: UserRole },
      origins: readonly string[],
    ): Promise<UnitCodeResult> {
      const read = readUnitCode(code, [publicUrl, ...origins]);
      if (!read.ok) {
        const message = unreadableCodeMessage(read.reason);
        throw badRequest(message, { code: message });
      }
      let unit: LabelUnitRow | null;
      if (read.target.kind === 'id') {
        unit = await repo.unit(read.target.id);
      } else {
        const { low, high } = prefixRange(read.target.prefix);
        const found = await repo.unitsInRange(low, high);
        if (found.length > 1) throw conflict(UNIT_LABEL_TEXTS.codeAmbiguous, { code: UNIT_LABEL_TEXTS.codeAmbiguous });
        unit = found[0] ?? null;
      }
      if (!unit) throw notFound(UNIT_LABEL_TEXTS.codeNotFound);
      const job = isTechnician(user) ? await repo.openJobOf(unit.id, user.id) : null;
      return {
        unit: {
          id: unit.id,
          unitNumber: unit.unitNumber,
          code: unitLabelCode(unit.id),
          locationName: unit.locationName,
          companyName: unit.companyName,
        },
        job,
      };
    },
  };
}
export type UnitLabelsService = ReturnType<typeof createUnitLabelsService>;
