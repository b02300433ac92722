import { useId, useState, type FormEvent } from 'react';
import { formatDateTimeInZone } from '../../../../domain/dates';
import type { BundlePriceItem, FieldJob } from '../../../../domain/field';
import {
  ageFromText,
  inspectionInput,
  SYSTEM_TYPES,
  UNIT_TYPES,
  type InspectionPayload,
} from '../../../../domain/inspections';
import { formatCents } from '../../../../domain/money';
import {
  centsToCostText,
  parseCostText,
  REPAIR_PHASE_LABELS,
  REPAIR_PHASES,
  repairFormValues,
  repairInput,
  repairPayloadFromForm,
  stripLeadingZeros,
  type RepairFormValues,
  type RepairPhase,
} from '../../../../domain/repairs';
import { newUuid, type QueuedChange } from '../../../lib/field-queue';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { fieldWrites } from '../api/field-api';
import { FIELD_TEXTS } from '../field-texts';
import { inspectionsOnPhone, totalOf, type InspectionFields, type InspectionView } from '../field-inspections-view';

const input =
  'block w-full rounded-md border border-slate-300 px-3 py-3 text-base text-slate-900 focus:border-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';
const label = 'block space-y-1 text-sm font-medium text-slate-700';

type Editing = { kind: 'inspection'; id: string; isNew: boolean } | { kind: 'repair'; id: string } | null;

/** A v4 id made on the phone (the server keeps it), so later changes can name the inspection offline. */
const newInspectionId = () => newUuid();

const FIELD_NAMES: { key: keyof InspectionFields; label: string }[] = [
  { key: 'modelNumber', label: 'Model number' },
  { key: 'serialNumber', label: 'Serial number' },
  { key: 'age', label: 'Age (years)' },
  { key: 'tonnage', label: 'Tonnage' },
  { key: 'unitType', label: 'Unit type' },
  { key: 'systemType', label: 'System type' },
];

function InspectionForm({
  jobId,
  view,
  isNew,
  onDone,
}: {
  jobId: string;
  view: InspectionView;
  isNew: boolean;
  onDone: () => void;
}) {
  const f = view.fields;
  const [values, setValues] = useState({
    modelNumber: f.modelNumber ?? '',
    serialNumber: f.serialNumber ?? '',
    age: f.age === null ? '' : String(f.age),
    tonnage: f.tonnage ?? '',
    unitType: f.unitType ?? '',
    systemType: f.systemType ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload: InspectionPayload = {
      modelNumber: values.modelNumber,
      serialNumber: values.serialNumber,
      age: ageFromText(values.age),
      tonnage: values.tonnage,
      unitType: values.unitType as InspectionPayload['unitType'],
      systemType: values.systemType as InspectionPayload['systemType'],
    };
    const checked = inspectionInput.safeParse(payload);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    void (isNew
      ? fieldWrites.addInspection(jobId, view.id, payload)
      : fieldWrites.changeInspection(jobId, view.id, payload));
    onDone();
  };
  const text = (key: 'modelNumber' | 'serialNumber' | 'age' | 'tonnage', name: string, numeric = false) => (
    <label className={label}>
      {name}
      <input
        className={input}
        value={values[key]}
        onChange={set(key)}
        {...(numeric ? { inputMode: 'numeric' as const } : {})}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}` : undefined}
      />
      {errors[key] ? (
        <span id={`${id}-${key}`} className="block text-sm text-red-700">
          {errors[key]}
        </span>
      ) : null}
    </label>
  );
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-blue-200 bg-blue-50/40 p-3"
      aria-label={isNew ? 'New inspection' : 'Edit inspection'}
    >
      {text('modelNumber', 'Model number')}
      {text('serialNumber', 'Serial number')}
      <div className="grid grid-cols-2 gap-3">
        {text('age', 'Age (years)', true)}
        {text('tonnage', 'Tonnage')}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <label className={label}>
          Unit type
          <select className={input} value={values.unitType} onChange={set('unitType')}>
            <option value="">Not recorded</option>
            {UNIT_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label className={label}>
          System type
          <select className={input} value={values.systemType} onChange={set('systemType')}>
            <option value="">Not recorded</option>
            {SYSTEM_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Button type="button" variant="secondary" className="min-h-12 text-base" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-12 text-base">
          Save Inspection
        </Button>
      </div>
    </form>
  );
}

type Target = RepairPhase | 'labor';
const TARGET_LABELS: Record<Target, string> = { ...REPAIR_PHASE_LABELS, labor: 'Labor' };

/**
 * The repair options of one inspection, priced from the price book copy saved on the phone: a
 * price-book item tapped is added to the option chosen under "Add to" (its name to the option's
 * description, its price to the option's cost). The total is the server's formula.
 */
function RepairForm({
  jobId,
  view,
  priceBook,
  copyAt,
  timeZone,
  onDone,
}: {
  jobId: string;
  view: InspectionView;
  priceBook: readonly BundlePriceItem[];
  copyAt: string | null;
  timeZone: string;
  onDone: () => void;
}) {
  const [values, setValues] = useState<RepairFormValues>(view.repair ?? repairFormValues(null));
  const [target, setTarget] = useState<Target>(values.selectedPhase);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const words = search.trim().toLowerCase();
  const matches = words ? priceBook.filter((p) => `${p.code} ${p.name}`.toLowerCase().includes(words)).slice(0, 6) : [];

  const add = (item: BundlePriceItem) =>
    setValues((v) => {
      const plus = (text: string) => centsToCostText(parseCostText(text).cents + item.priceCents);
      if (target === 'labor') return { ...v, labor: plus(v.labor) };
      const phase = v[target];
      const label = REPAIR_PHASE_LABELS[target];
      const description =
        phase.description === label || phase.description.trim() === ''
          ? item.name
          : `${phase.description}, ${item.name}`;
      return { ...v, [target]: { description, cost: plus(phase.cost) } };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = repairPayloadFromForm(values);
    const checked = repairInput.safeParse(payload);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the repair options');
    setError(null);
    void fieldWrites.repair(jobId, view.id, payload);
    onDone();
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-blue-200 bg-blue-50/40 p-3"
      aria-label="Repair options"
    >
      <p className="text-sm text-slate-700">
        {copyAt ? FIELD_TEXTS.priceBookCopy(formatDateTimeInZone(copyAt, timeZone)) : FIELD_TEXTS.noPriceBook}
      </p>
      {REPAIR_PHASES.map((key) => (
        <fieldset key={key} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
          <legend className="px-1 text-base font-semibold text-slate-900">{REPAIR_PHASE_LABELS[key]}</legend>
          <label className={label}>
            Description
            <textarea
              className={input}
              rows={2}
              value={values[key].description}
              onChange={(e) => setValues((v) => ({ ...v, [key]: { ...v[key], description: e.target.value } }))}
            />
          </label>
          <label className={label}>
            Cost ($)
            <input
              className={input}
              inputMode="decimal"
              value={values[key].cost}
              onChange={(e) =>
                setValues((v) => ({ ...v, [key]: { ...v[key], cost: stripLeadingZeros(e.target.value) } }))
              }
            />
          </label>
        </fieldset>
      ))}
      <label className={label}>
        Labor ($)
        <input
          className={input}
          inputMode="decimal"
          value={values.labor}
          onChange={(e) => setValues((v) => ({ ...v, labor: stripLeadingZeros(e.target.value) }))}
        />
      </label>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Add price book items to</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['phase1', 'phase2', 'phase3', 'labor'] as const).map((t) => (
            <label
              key={t}
              className="flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
            >
              <input
                type="radio"
                name={`${id}-target`}
                className="h-5 w-5 accent-blue-600"
                checked={target === t}
                onChange={() => setTarget(t)}
              />
              {TARGET_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <label className={label}>
        Search the price book
        <input className={input} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {matches.length ? (
        <ul className="space-y-2" aria-label="Price book matches">
          {matches.map((p) => (
            <li key={`${p.kind}-${p.code}`}>
              <button
                type="button"
                className="flex min-h-12 w-full items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
                onClick={() => add(p)}
              >
                <span>
                  Add {p.code} {p.name}
                </span>
                <span className="font-semibold">{formatCents(p.priceCents)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : words ? (
        <p className="text-sm text-slate-700">No price book item matches.</p>
      ) : null}

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Option offered to the customer</legend>
        {REPAIR_PHASES.map((key) => (
          <label
            key={key}
            className="flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
          >
            <input
              type="radio"
              name={`${id}-selected`}
              className="h-5 w-5 accent-blue-600"
              checked={values.selectedPhase === key}
              onChange={() => setValues((v) => ({ ...v, selectedPhase: key }))}
            />
            {REPAIR_PHASE_LABELS[key]}
          </label>
        ))}
      </fieldset>
      <p className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
        <span>Total for the customer</span>
        <span>{formatCents(totalOf(values))}</span>
      </p>
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <Button type="button" variant="secondary" className="min-h-12 text-base" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-12 text-base">
          Save Options
        </Button>
      </div>
    </form>
  );
}

const shown = (value: string | number | null) => (value === null || value === '' ? 'not recorded' : String(value));

function InspectionCard({
  view,
  index,
  onEdit,
  onRepair,
}: {
  view: InspectionView;
  index: number;
  onEdit: () => void;
  onRepair: () => void;
}) {
  const titleId = useId();
  const selected = view.repair ? view.repair[view.repair.selectedPhase] : null;
  return (
    <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          Inspection {index}
          {view.fields.modelNumber ? `: ${view.fields.modelNumber}` : ''}
        </h3>
        {view.waiting ? (
          <Badge tone="amber">Waiting to send</Badge>
        ) : view.completed ? (
          <Badge tone="green">Completed</Badge>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        {FIELD_NAMES.map((f) => (
          <div key={f.key}>
            <dt className="text-slate-600">{f.label}</dt>
            <dd className="text-slate-900">{shown(view.fields[f.key])}</dd>
          </div>
        ))}
      </dl>
      {view.repair && selected ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-900">
          {REPAIR_PHASE_LABELS[view.repair.selectedPhase]}: {selected.description}.{' '}
          <span className="font-semibold">Total {formatCents(view.totalCents)}</span>
        </p>
      ) : (
        <p className="text-sm text-slate-700">No repair options yet.</p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" className="min-h-12 text-base" onClick={onEdit} aria-describedby={titleId}>
          Edit
        </Button>
        <Button variant="secondary" className="min-h-12 text-base" onClick={onRepair} aria-describedby={titleId}>
          Repair Options
        </Button>
      </div>
    </article>
  );
}

/**
 * The job's inspections and their repair options on the phone (decision 054): made and changed
 * with no connection through the queue (the phone names a new inspection with its own id), shown
 * at once with what still waits to be sent.
 */
export function FieldInspections({
  job,
  queue,
  priceBook,
  copyAt,
  timeZone,
}: {
  job: FieldJob;
  queue: readonly QueuedChange[];
  priceBook: readonly BundlePriceItem[];
  copyAt: string | null;
  timeZone: string;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const views = inspectionsOnPhone(job.inspections, queue, job.id);
  const blank: InspectionView = {
    id: editing?.kind === 'inspection' && editing.isNew ? editing.id : '',
    fields: { modelNumber: null, serialNumber: null, age: null, tonnage: null, unitType: null, systemType: null },
    completed: false,
    repair: null,
    totalCents: 0,
    waiting: false,
  };
  const done = () => setEditing(null);
  return (
    <div className="space-y-3">
      {views.length === 0 && !editing ? <p className="text-sm text-slate-700">{FIELD_TEXTS.noInspections}</p> : null}
      {views.map((view, i) => {
        const number = views.length - i;
        if (editing?.id === view.id && editing.kind === 'inspection')
          return <InspectionForm key={view.id} jobId={job.id} view={view} isNew={false} onDone={done} />;
        if (editing?.id === view.id && editing.kind === 'repair')
          return (
            <div key={view.id} className="space-y-2">
              <h3 className="text-base font-semibold text-slate-900">
                Inspection {number}
                {view.fields.modelNumber ? `: ${view.fields.modelNumber}` : ''}
              </h3>
              <RepairForm
                jobId={job.id}
                view={view}
                priceBook={priceBook}
                copyAt={copyAt}
                timeZone={timeZone}
                onDone={done}
              />
            </div>
          );
        return (
          <InspectionCard
            key={view.id}
            view={view}
            index={number}
            onEdit={() => setEditing({ kind: 'inspection', id: view.id, isNew: false })}
            onRepair={() => setEditing({ kind: 'repair', id: view.id })}
          />
        );
      })}
      {editing?.kind === 'inspection' && editing.isNew ? (
        <InspectionForm jobId={job.id} view={blank} isNew onDone={done} />
      ) : (
        <Button
          className="min-h-12 w-full text-base"
          onClick={() => setEditing({ kind: 'inspection', id: newInspectionId(), isNew: true })}
        >
          Add Inspection
        </Button>
      )}
    </div>
  );
}
