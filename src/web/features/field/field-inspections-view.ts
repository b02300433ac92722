/**
 * The job's inspections as the phone shows them (decision 054): what the server last sent, with
 * the changes still waiting in the queue laid over it in order (a new inspection, its fields, its
 * repair options), so work done with no connection shows at once and survives a reload.
 */
import type { Inspection, InspectionPayload } from '../../../domain/inspections';
import {
  centsToCostText,
  repairCostsFromForm,
  repairFormValues,
  repairTotalCents,
  type RepairFormValues,
  type RepairPayload,
  type RepairPhase,
} from '../../../domain/repairs';
import type { QueuedChange } from '../../lib/field-queue';

export interface InspectionFields {
  modelNumber: string | null;
  serialNumber: string | null;
  age: number | null;
  tonnage: string | null;
  unitType: string | null;
  systemType: string | null;
}

export interface InspectionView {
  id: string;
  fields: InspectionFields;
  completed: boolean;
  /** The repair options as the form edits them; null when none were priced yet. */
  repair: RepairFormValues | null;
  /** The total the customer is quoted for the selected option (the server's formula). */
  totalCents: number;
  /** Some change to it waits in the queue. */
  waiting: boolean;
}

const fieldsOf = (i: InspectionPayload | Inspection): InspectionFields => ({
  modelNumber: i.modelNumber ?? null,
  serialNumber: i.serialNumber ?? null,
  age: i.age ?? null,
  tonnage: i.tonnage ?? null,
  unitType: i.unitType || null,
  systemType: i.systemType || null,
});

const text = (dollars: number | null | undefined) => (dollars ? centsToCostText(Math.round(dollars * 100)) : '');

/** A queued repair payload back as the form's values (the payload is what the form made). */
export function repairFormOfPayload(payload: RepairPayload): RepairFormValues {
  const base = repairFormValues(null);
  const phase = (key: RepairPhase) => ({
    description: payload[key]?.description ?? base[key].description,
    cost: text(payload[key]?.cost),
  });
  const lines = (rows: RepairPayload['accessories']) => {
    const mapped = (rows ?? []).map((r) => ({ name: r.name ?? '', cost: text(r.cost) }));
    return mapped.length ? mapped : [{ name: '', cost: '' }];
  };
  return {
    needsCrane: payload.needsCrane ?? false,
    phase1: phase('phase1'),
    phase2: phase('phase2'),
    phase3: phase('phase3'),
    labor: text(payload.labor),
    refrigerationRecovery: text(payload.refrigerationRecovery),
    startUpCosts: text(payload.startUpCosts),
    thermostatStartup: text(payload.thermostatStartup),
    removalCost: text(payload.removalCost),
    permitCost: text(payload.permitCost),
    accessories: lines(payload.accessories),
    additionalItems: lines(payload.additionalItems),
    warranty: payload.warranty ?? '',
    selectedPhase: payload.selectedPhase ?? base.selectedPhase,
  };
}

/** The total of the form's values, as the server will compute it. */
export const totalOf = (repair: RepairFormValues | null) =>
  repair ? repairTotalCents(repairCostsFromForm(repair)) : 0;

const INSPECTION_URL = /\/api\/field\/jobs\/[^/]+\/inspections(?:\/([^/]+))?(\/repair)?$/;

/** The saved inspections (newest first) with the job's waiting changes applied in queue order. */
export function inspectionsOnPhone(
  saved: readonly Inspection[],
  queue: readonly QueuedChange[],
  jobId: string,
): InspectionView[] {
  const views: InspectionView[] = saved.map((i) => ({
    id: i.id,
    fields: fieldsOf(i),
    completed: i.completed,
    repair: i.repair ? repairFormValues(i.repair) : null,
    totalCents: i.repair?.totalCents ?? 0,
    waiting: false,
  }));
  for (const change of queue) {
    if (change.jobId !== jobId) continue;
    const match = INSPECTION_URL.exec(change.url);
    if (!match) continue;
    const [, inspectionId, repair] = match;
    if (!inspectionId && change.method === 'POST') {
      const { id, ...fields } = change.body as InspectionPayload & { id: string };
      if (views.some((v) => v.id === id)) continue;
      views.unshift({ id, fields: fieldsOf(fields), completed: false, repair: null, totalCents: 0, waiting: true });
      continue;
    }
    const view = views.find((v) => v.id === inspectionId);
    if (!view) continue;
    if (repair) {
      view.repair = repairFormOfPayload(change.body as RepairPayload);
      view.totalCents = totalOf(view.repair);
    } else {
      view.fields = fieldsOf(change.body as InspectionPayload);
    }
    view.waiting = true;
  }
  return views;
}
