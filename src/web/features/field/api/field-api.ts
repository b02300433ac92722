/**
 * The field screens' data (decision 045). Reads: the bundle (My Day, the price book, the units'
 * latest inspections), kept in IndexedDB for reading offline, and one job (from the server, or the
 * saved bundle when there is no connection). Writes: every one goes through the queue of
 * lib/field-queue.ts, with an Idempotency-Key, so nothing typed without signal is lost.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  FieldBundle,
  FieldJob,
  FieldNote,
  FieldPhoto,
  FieldSignature,
  JobFieldWork,
  TimeEvent,
} from '../../../../domain/field';
import type { FieldEditable, TimeEventKind } from '../../../../domain/field-rules';
import type { Inspection, InspectionPayload } from '../../../../domain/inspections';
import type { Repair, RepairPayload } from '../../../../domain/repairs';
import { api, ApiError } from '../../../lib/api-client';
import {
  cacheBundle,
  cachedBundle,
  cacheJob,
  claimDevice,
  enqueueChange,
  onChangeSent,
  startQueue,
  type QueuedChange,
} from '../../../lib/field-queue';
import { useSession } from '../../../lib/session';
import { fieldKeys, invalidateJob, jobKeys } from '../../../lib/query-keys';
import { TIME_EVENT_LABELS } from '../field-texts';

/** No connection, or the server could not answer: the saved copy may stand in. */
const unreachable = (error: unknown) =>
  error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.status >= 500);

export interface BundleView {
  bundle: FieldBundle;
  /** Read from the phone's saved copy (no connection). */
  fromCache: boolean;
}

/** The signed-in user's id: what the phone keeps is theirs (another user's leftovers are deleted first). */
function useUserId(): string {
  return useSession().data?.id ?? '';
}

export function useFieldBundle() {
  const userId = useUserId();
  return useQuery({
    queryKey: fieldKeys.bundle,
    queryFn: async ({ signal }): Promise<BundleView> => {
      await claimDevice(userId);
      try {
        const bundle = await api.get<FieldBundle>('/api/field/bundle', undefined, { signal });
        await cacheBundle(bundle);
        return { bundle, fromCache: false };
      } catch (error) {
        const saved = unreachable(error) ? await cachedBundle<FieldBundle>() : null;
        if (saved) return { bundle: saved, fromCache: true };
        throw error;
      }
    },
    retry: false,
    networkMode: 'always',
  });
}

export interface JobView {
  job: FieldJob;
  /** The saved bundle's zone (the company's); null before any bundle was saved. */
  timeZone: string | null;
  fromCache: boolean;
  bundle: FieldBundle | null;
}

export function useFieldJob(id: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: fieldKeys.job(id),
    queryFn: async ({ signal }): Promise<JobView> => {
      await claimDevice(userId);
      const saved = await cachedBundle<FieldBundle>();
      try {
        const job = await api.get<FieldJob>(`/api/field/jobs/${id}`, undefined, { signal });
        await cacheJob(job);
        return { job, timeZone: saved?.timeZone ?? null, fromCache: false, bundle: saved };
      } catch (error) {
        const fromBundle = unreachable(error) ? saved?.jobs.find((j) => j.id === id) : undefined;
        if (saved && fromBundle) return { job: fromBundle, timeZone: saved.timeZone, fromCache: true, bundle: saved };
        throw error;
      }
    },
    retry: false,
    networkMode: 'always',
  });
}

/** The job as it is once the server took a change (its answer), before the job is read again. */
function withSent(view: JobView | undefined, change: QueuedChange, answer: unknown): JobView | undefined {
  if (!view) return view;
  const job = view.job;
  if (change.url.endsWith('/time-events'))
    return { ...view, job: { ...job, events: [...job.events, answer as TimeEvent] } };
  if (change.url.endsWith('/photos'))
    return { ...view, job: { ...job, photos: [...job.photos, answer as FieldPhoto] } };
  if (change.url.endsWith('/notes')) return { ...view, job: { ...job, notes: [...job.notes, answer as FieldNote] } };
  if (change.url.endsWith('/repair')) {
    const saved = answer as Repair;
    const inspections = job.inspections.map((i) => (i.id === saved.inspectionId ? { ...i, repair: saved } : i));
    return { ...view, job: { ...job, inspections } };
  }
  if (change.url.includes('/inspections')) {
    const saved = answer as Inspection;
    const others = job.inspections.filter((i) => i.id !== saved.id);
    return { ...view, job: { ...job, inspections: [saved, ...others] } };
  }
  if (change.url.endsWith('/complete')) {
    const { signature } = answer as { signature: FieldSignature };
    return { ...view, job: { ...job, status: 'completed', signatures: [...job.signatures, signature] } };
  }
  return view;
}

/** Starts the queue, and refreshes the field data and the job whenever a change lands. */
export function useFieldQueueSync() {
  const client = useQueryClient();
  const userId = useUserId();
  useEffect(() => {
    if (userId) startQueue(userId);
    return onChangeSent((change, answer) => {
      client.setQueryData<JobView>(fieldKeys.job(change.jobId), (view) => withSent(view, change, answer));
      void client.invalidateQueries({ queryKey: fieldKeys.all });
      void invalidateJob(client, change.jobId);
    });
  }, [client, userId]);
}

const now = () => new Date().toISOString();

export const fieldWrites = {
  time: (jobId: string, kind: TimeEventKind) =>
    enqueueChange({
      method: 'POST',
      url: `/api/field/jobs/${jobId}/time-events`,
      body: { kind, deviceAt: now() },
      label: TIME_EVENT_LABELS[kind],
      jobId,
    }),
  note: (jobId: string, body: string) =>
    enqueueChange({
      method: 'POST',
      url: `/api/field/jobs/${jobId}/notes`,
      body: { body, deviceAt: now() },
      label: 'Note',
      jobId,
    }),
  photo: (jobId: string, imageBase64: string) =>
    enqueueChange({
      method: 'POST',
      url: `/api/field/jobs/${jobId}/photos`,
      body: { imageBase64, deviceAt: now() },
      label: 'Photo',
      jobId,
    }),
  checklist: (jobId: string, item: string, done: boolean) =>
    enqueueChange({
      method: 'PUT',
      url: `/api/field/jobs/${jobId}/checklist`,
      body: { item, done, deviceAt: now() },
      label: `${done ? 'Tick' : 'Untick'} ${item}`,
      jobId,
    }),
  change: (
    jobId: string,
    base: Partial<Record<FieldEditable, string | null>>,
    changes: Partial<Record<FieldEditable, string | null>>,
  ) =>
    enqueueChange({
      method: 'PATCH',
      url: `/api/field/jobs/${jobId}`,
      body: { base, changes, deviceAt: now() },
      label: 'Job details',
      jobId,
    }),
  /** A new inspection: the phone gives it its id, so its repair options can be queued before the server answers. */
  addInspection: (jobId: string, id: string, fields: InspectionPayload) =>
    enqueueChange({
      method: 'POST',
      url: `/api/field/jobs/${jobId}/inspections`,
      body: { id, ...fields },
      label: 'New inspection',
      jobId,
    }),
  changeInspection: (jobId: string, inspectionId: string, fields: InspectionPayload) =>
    enqueueChange({
      method: 'PUT',
      url: `/api/field/jobs/${jobId}/inspections/${inspectionId}`,
      body: fields,
      label: 'Inspection changes',
      jobId,
    }),
  repair: (jobId: string, inspectionId: string, payload: RepairPayload) =>
    enqueueChange({
      method: 'PUT',
      url: `/api/field/jobs/${jobId}/inspections/${inspectionId}/repair`,
      body: payload,
      label: 'Repair options',
      jobId,
    }),
  complete: (jobId: string, signerName: string, signaturePng: string | null) =>
    enqueueChange({
      method: 'POST',
      url: `/api/field/jobs/${jobId}/complete`,
      body: { signerName, signaturePng, deviceAt: now() },
      label: 'Completion',
      jobId,
    }),
};

/**
 * The job page's Field Work card: read every 10 seconds while the page is open, and when its
 * version moves (a technician's change landed) the whole job page refreshes (`invalidateJob`).
 */
export function useJobFieldWork(jobId: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: jobKeys.field(jobId),
    queryFn: ({ signal }) => api.get<JobFieldWork>(`/api/jobs/${jobId}/field`, undefined, { signal }),
    refetchInterval: 10_000,
  });
  const seen = useRef<string | null>(null);
  const version = query.data?.version ?? null;
  useEffect(() => {
    if (version === null) return;
    if (seen.current !== null && seen.current !== version) void invalidateJob(client, jobId);
    seen.current = version;
  }, [client, jobId, version]);
  return query;
}

export const resolveConflict = (id: string, keep: 'office' | 'field') =>
  api.post<void>(`/api/field/conflicts/${id}/resolve`, { keep });

/**
 * A camera photo made smaller on the phone before it is kept and sent: drawn on a canvas at most
 * `maxEdge` pixels on its longest side, as a JPEG (which also drops the camera's metadata).
 * Answers base64 without the data: prefix.
 */
export async function resizePhoto(file: Blob, maxEdge: number): Promise<string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const dataUrl = canvas.toDataURL('image/jpeg', 0.82);
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}
