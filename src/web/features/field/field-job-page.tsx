import { ArrowLeft, MapPin, Phone } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTimeInZone, formatTimeInZone } from '../../../domain/dates';
import type { FieldJob } from '../../../domain/field';
import {
  FIELD_EDITABLE,
  FIELD_LIMITS,
  nextTimeEvent,
  TIME_EVENT_KINDS,
  type FieldEditable,
  type TimeEventKind,
} from '../../../domain/field-rules';
import { useCompanyTimeZone } from '../../lib/company';
import { useFieldQueue, type QueuedChange } from '../../lib/field-queue';
import { Badge } from '../../ui/badge';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { SignaturePad } from '../../ui/signature-pad';
import { Spinner } from '../../ui/spinner';
import { cn } from '../../ui/cn';
import { fieldWrites, resizePhoto, useFieldJob, useFieldQueueSync } from './api/field-api';
import { FieldInspections } from './components/field-inspections';
import { QueueStatus } from './components/queue-status';
import { EDITABLE_LABELS, FIELD_TEXTS, mapsUrl, TIME_EVENT_LABELS, telUrl } from './field-texts';

const input =
  'block w-full rounded-md border border-slate-300 px-3 py-3 text-base text-slate-900 focus:border-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const pendingOf = (items: readonly QueuedChange[], jobId: string, path: string) =>
  items.filter((c) => c.jobId === jobId && !c.refused && c.url.endsWith(path));

function TimeButtons({ job, timeZone, pending }: { job: FieldJob; timeZone: string; pending: QueuedChange[] }) {
  const waiting = pending.map((c) => c.body as { kind: TimeEventKind; deviceAt: string });
  const next = nextTimeEvent([...job.events, ...waiting]);
  return (
    <Section title="Time">
      <div className="grid grid-cols-2 gap-3">
        {TIME_EVENT_KINDS.map((kind) => {
          const times = [
            ...job.events.filter((e) => e.kind === kind).map((e) => formatTimeInZone(e.deviceAt, timeZone)),
            ...waiting.filter((e) => e.kind === kind).map((e) => `${formatTimeInZone(e.deviceAt, timeZone)} (waiting)`),
          ];
          return (
            <button
              key={kind}
              type="button"
              onClick={() => void fieldWrites.time(job.id, kind)}
              aria-describedby={`time-${kind}`}
              className={cn(
                'flex min-h-20 flex-col items-center justify-center rounded-xl border px-2 py-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                kind === next
                  ? 'border-blue-700 bg-blue-600 text-white hover:bg-blue-700'
                  : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
              )}
            >
              {TIME_EVENT_LABELS[kind]}
              <span id={`time-${kind}`} className="mt-1 text-sm font-normal">
                {times.length ? times.join(', ') : 'Not yet'}
              </span>
            </button>
          );
        })}
      </div>
    </Section>
  );
}

function Checklist({ job }: { job: FieldJob }) {
  const [ticks, setTicks] = useState<Record<string, boolean>>({});
  return (
    <Section title="Checklist">
      <ul className="space-y-2">
        {job.checklist.map((c) => {
          const done = ticks[c.item] ?? c.done;
          return (
            <li key={c.item}>
              <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-base text-slate-900">
                <input
                  type="checkbox"
                  className="h-6 w-6 accent-blue-600"
                  checked={done}
                  onChange={(e) => {
                    const value = e.target.checked;
                    setTicks((t) => ({ ...t, [c.item]: value }));
                    void fieldWrites.checklist(job.id, c.item, value);
                  }}
                />
                {c.item}
              </label>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function JobDetailsForm({ job }: { job: FieldJob }) {
  const base = useMemo(
    () => Object.fromEntries(FIELD_EDITABLE.map((f) => [f, job[f] ?? ''])) as Record<FieldEditable, string>,
    [job],
  );
  const [values, setValues] = useState(base);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changed = FIELD_EDITABLE.filter((f) => values[f] !== base[f]);
    if (changed.length === 0) return;
    const changes: Partial<Record<FieldEditable, string | null>> = {};
    const seen: Partial<Record<FieldEditable, string | null>> = {};
    for (const f of changed) {
      changes[f] = values[f];
      seen[f] = job[f];
    }
    void fieldWrites.change(job.id, seen, changes);
    setSaved(true);
  };
  return (
    <Section title="Job details">
      <form onSubmit={submit} className="space-y-3" aria-label="Job details">
        {FIELD_EDITABLE.map((f) => (
          <label key={f} className="block space-y-1 text-sm font-medium text-slate-700">
            {EDITABLE_LABELS[f]}
            {f === 'problemDescription' ? (
              <textarea
                className={input}
                rows={3}
                value={values[f]}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
              />
            ) : (
              <input
                className={input}
                type={f === 'contactPhone' ? 'tel' : 'text'}
                value={values[f]}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
              />
            )}
          </label>
        ))}
        <Button type="submit" variant="secondary" className="min-h-12 w-full text-base">
          Save Details
        </Button>
        {saved ? (
          <p className="text-sm text-slate-700" role="status">
            Details saved on this phone.
          </p>
        ) : null}
      </form>
    </Section>
  );
}

function Notes({ job, timeZone, pending }: { job: FieldJob; timeZone: string; pending: QueuedChange[] }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setError('Note is required');
    if (text.length > FIELD_LIMITS.noteMax) return setError('Note must be at most 4000 characters');
    setError(null);
    void fieldWrites.note(job.id, text);
    setBody('');
  };
  return (
    <Section title="Notes">
      <ul className="space-y-2" aria-label="Notes">
        {job.notes.map((n) => (
          <li key={n.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-900">
            <p className="whitespace-pre-wrap">{n.body}</p>
            <p className="mt-1 text-xs text-slate-600">
              {n.userName}, {formatDateTimeInZone(n.deviceAt, timeZone)}
            </p>
          </li>
        ))}
        {pending.map((c) => (
          <li key={c.seq} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-slate-900">
            <p className="whitespace-pre-wrap">{(c.body as { body: string }).body}</p>
            <p className="mt-1 text-xs text-slate-700">Waiting to send</p>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          New note
        </label>
        <textarea
          id={id}
          className={input}
          rows={3}
          value={body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setBody(e.target.value)}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="min-h-12 w-full text-base">
          Add Note
        </Button>
      </form>
    </Section>
  );
}

function Photos({ job, pending }: { job: FieldJob; pending: QueuedChange[] }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Section title="Photos">
      {job.photos.length ? (
        <ul className="grid grid-cols-3 gap-2" aria-label="Photos">
          {job.photos.map((p, i) => (
            <li key={p.id}>
              <img
                src={`/api/jobs/${job.id}/field/photos/${p.id}`}
                alt={`Photo ${i + 1} by ${p.userName}`}
                width={p.width}
                height={p.height}
                loading="lazy"
                className="aspect-square w-full rounded-md border border-slate-200 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {pending.length ? (
        <p className="text-sm text-slate-800">
          {pending.length === 1 ? '1 photo waiting to send' : `${pending.length} photos waiting to send`}
        </p>
      ) : null}
      <label
        htmlFor={id}
        className="flex min-h-14 cursor-pointer items-center justify-center rounded-xl border border-blue-700 bg-white text-base font-semibold text-blue-700 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:bg-blue-50"
      >
        {busy ? 'Preparing the photo...' : 'Take a Photo'}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        className="sr-only"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length === 0) return;
          setBusy(true);
          setError(null);
          void (async () => {
            for (const file of files) {
              try {
                await fieldWrites.photo(job.id, await resizePhoto(file, FIELD_LIMITS.photoPhoneEdge));
              } catch {
                setError(`${file.name} could not be read as a photo`);
              }
            }
            setBusy(false);
          })();
        }}
      />
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </Section>
  );
}

/** Reads a drawn signature's PNG as base64 (the API's signaturePng). */
const base64Of = (dataUrl: string | null) => (dataUrl ? dataUrl.slice(dataUrl.indexOf(',') + 1) : null);

function Completion({ job, timeZone, pending }: { job: FieldJob; timeZone: string; pending: QueuedChange[] }) {
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const nameId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError("The customer's name is required");
    setError(null);
    void fieldWrites.complete(job.id, name.trim(), base64Of(signature));
  };
  const done = job.status === 'completed';
  return (
    <Section title="Customer sign-off">
      {job.signatures.map((s) => (
        <p key={s.id} className="text-sm text-slate-900">
          Signed by {s.signerName}, {formatDateTimeInZone(s.deviceAt, timeZone)}
        </p>
      ))}
      {pending.length ? (
        <p className="text-sm text-slate-900" role="status">
          Completion waiting to send.
        </p>
      ) : done ? (
        <p className="text-base font-semibold text-emerald-800" role="status">
          {FIELD_TEXTS.completed}
        </p>
      ) : null}
      {!done && pending.length === 0 ? (
        <form onSubmit={submit} className="space-y-3" aria-label="Complete the job">
          <label htmlFor={nameId} className="block text-sm font-medium text-slate-700">
            Customer name (typing it signs)
          </label>
          <input
            id={nameId}
            className={input}
            value={name}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${nameId}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {error ? (
            <p id={`${nameId}-error`} className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <p id={labelId} className="text-sm font-medium text-slate-700">
            Customer signature
          </p>
          <SignaturePad
            labelId={labelId}
            onChange={setSignature}
            hint="Optional: the customer draws with a finger. The typed name signs on its own."
          />
          <Button type="submit" className="min-h-14 w-full text-lg">
            Complete Job
          </Button>
        </form>
      ) : null}
    </Section>
  );
}

/**
 * /field/jobs/{id}: one job on the phone (issue 30). Time buttons, checklist, inspections and
 * their repair options priced from the saved price book, photos, job details, notes, and the
 * customer's sign-off. Every change goes through the queue (lib/field-queue.ts) and shows as
 * waiting until the server has it, with or without a connection.
 */
export function FieldJobScreen() {
  useFieldQueueSync();
  const { id = '' } = useParams();
  const query = useFieldJob(id);
  const queue = useFieldQueue();
  const companyZone = useCompanyTimeZone();

  if (query.isPending) return <Spinner label="Loading the job..." />;
  if (query.isError)
    return (
      <div className="mx-auto max-w-xl space-y-3">
        <ErrorBanner message={FIELD_TEXTS.jobNotFound} />
        <Link to="/field" className="text-blue-700 underline">
          Back to My Day
        </Link>
      </div>
    );
  const { job, fromCache, bundle } = query.data;
  const timeZone = query.data.timeZone ?? companyZone;
  const address = [job.location.address, job.location.city, `${job.location.state} ${job.location.zip}`];
  const openConflicts = job.conflicts.filter((c) => c.resolvedAt === null);
  const inspection = bundle?.inspections.find((i) => i.unitId === job.unit?.id);

  return (
    <div className="mx-auto max-w-xl space-y-4 pb-8">
      <Link
        to="/field"
        className="inline-flex min-h-12 items-center gap-1 pr-3 text-base font-medium text-blue-700 hover:text-blue-900"
      >
        <ArrowLeft className="h-5 w-5" aria-hidden /> My Day
      </Link>
      <div className="flex items-start justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          #{job.number} {job.name}
        </h1>
        <Badge tone={job.status === 'completed' ? 'green' : 'blue'}>{job.status}</Badge>
      </div>
      <QueueStatus jobId={job.id} />
      {fromCache ? (
        <InfoBanner>{FIELD_TEXTS.offlineCopy(formatDateTimeInZone(bundle!.generatedAt, timeZone))}</InfoBanner>
      ) : null}
      {openConflicts.length ? (
        <section aria-label="Conflicts" className="rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950">
          <p className="font-medium">{FIELD_TEXTS.conflictIntro}</p>
          <ul className="mt-2 space-y-1 text-sm">
            {openConflicts.map((c) => (
              <li key={c.id}>
                {c.label}: office “{c.office ?? 'empty'}”, yours “{c.technician ?? 'empty'}”
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Section title="Where and who">
        <p className="text-base text-slate-900">
          {job.companyName} · {job.location.name}
        </p>
        <a
          href={mapsUrl(address)}
          target="_blank"
          rel="noreferrer"
          className="flex min-h-12 items-center gap-2 rounded-lg border border-slate-200 px-3 text-base font-medium text-blue-700 hover:bg-blue-50"
        >
          <MapPin className="h-5 w-5 shrink-0" aria-hidden />
          {address.join(', ')}
        </a>
        {job.contactPhone ? (
          <a
            href={telUrl(job.contactPhone)}
            className="flex min-h-12 items-center gap-2 rounded-lg border border-slate-200 px-3 text-base font-medium text-blue-700 hover:bg-blue-50"
          >
            <Phone className="h-5 w-5 shrink-0" aria-hidden />
            Call {job.contactName ?? ''} {job.contactPhone}
          </a>
        ) : null}
        {job.unit ? (
          <p className="text-sm text-slate-800">
            Unit {job.unit.unitNumber} ({job.unit.status})
            {inspection
              ? `; last inspection on job #${inspection.jobNumber}: model ${inspection.modelNumber ?? 'not recorded'}, serial ${inspection.serialNumber ?? 'not recorded'}`
              : ''}
          </p>
        ) : null}
        <p className="text-sm whitespace-pre-wrap text-slate-800">{job.description}</p>
        {job.problemDescription ? <p className="text-sm text-slate-800">Problem: {job.problemDescription}</p> : null}
      </Section>

      <TimeButtons job={job} timeZone={timeZone} pending={pendingOf(queue.items, job.id, '/time-events')} />
      <Checklist key={job.id} job={job} />
      <Section title="Inspections and repair options">
        <FieldInspections
          job={job}
          queue={queue.items}
          priceBook={bundle?.priceBook ?? []}
          copyAt={bundle?.generatedAt ?? null}
          timeZone={timeZone}
        />
      </Section>
      <Photos job={job} pending={pendingOf(queue.items, job.id, '/photos')} />
      <JobDetailsForm key={`${job.id}-${job.contactName}-${job.contactPhone}-${job.problemDescription}`} job={job} />
      <Notes job={job} timeZone={timeZone} pending={pendingOf(queue.items, job.id, '/notes')} />
      <Completion job={job} timeZone={timeZone} pending={pendingOf(queue.items, job.id, '/complete')} />
    </div>
  );
}
