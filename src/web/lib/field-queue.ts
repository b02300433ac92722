/**
 * The phone's outbox of field changes (issue 30, decision 045): every write of the field screens
 * goes through `enqueueChange`, which keeps it in IndexedDB (it survives a reload, closing the app
 * and restarting the phone) and sends the queue in order, each change with its own
 * Idempotency-Key, so a change sent again after a lost answer is created once. A change the server
 * refuses (4xx) stays in the queue, marked, with the server's message (never silently dropped);
 * a network error or a 5xx stops the run and the queue waits for the next chance (coming online,
 * the next change, every 30 seconds, or "Send now").
 *
 * The same database keeps the last bundle (`/api/field/bundle`: jobs, price book, inspections) for
 * reading with no connection (`cacheBundle`, `cachedBundle`, `cacheJob`).
 *
 * A phone may be shared (decision 054): everything kept here belongs to one signed-in user.
 * Sign-out deletes it (`clearFieldData`, after the screen warned about changes still waiting), and
 * the field screens delete another user's leftovers before showing anything (`claimDevice`).
 */
import { useSyncExternalStore } from 'react';

export interface QueuedChange {
  /** The queue's order (IndexedDB's auto-increment key). */
  seq?: number;
  /** The Idempotency-Key sent with every attempt of this change. */
  key: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  body: unknown;
  /** What the screen says about it ("Arrive", "Note", "Completion"...). */
  label: string;
  jobId: string;
  createdAt: string;
  /** The server refused it (4xx): its message; it waits for the technician to retry or discard. */
  refused?: string | null;
}

export interface QueueState {
  items: QueuedChange[];
  sending: boolean;
  /** When the last run stopped on a lost connection or a server error. */
  offline: boolean;
  loaded: boolean;
}

const DB_NAME = 'hvac-field';
const QUEUE = 'queue';
const CACHE = 'cache';
const RETRY_MS = 30_000;

let state: QueueState = { items: [], sending: false, offline: false, loaded: false };
const listeners = new Set<() => void>();
const sentListeners = new Set<(change: QueuedChange, answer: unknown) => void>();
function setState(next: Partial<QueueState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

// IndexedDB, with a memory fallback where it is not available (a private window of some browsers)

let opened: Promise<IDBDatabase | null> | null = null;
function database(): Promise<IDBDatabase | null> {
  opened ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(QUEUE, { keyPath: 'seq', autoIncrement: true });
      request.result.createObjectStore(CACHE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
  return opened;
}
const memory = { queue: [] as QueuedChange[], cache: new Map<string, unknown>(), seq: 0 };

function run<T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        if (!db) return reject(new Error('no IndexedDB'));
        const request = work(db.transaction(store, mode).objectStore(store));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
      }),
  );
}

async function readAll(): Promise<QueuedChange[]> {
  if (!(await database())) return [...memory.queue];
  return run<QueuedChange[]>(QUEUE, 'readonly', (s) => s.getAll() as IDBRequest<QueuedChange[]>);
}
async function add(change: QueuedChange): Promise<void> {
  if (!(await database())) {
    memory.queue.push({ ...change, seq: ++memory.seq });
    return;
  }
  await run(QUEUE, 'readwrite', (s) => s.add(change));
}
async function put(change: QueuedChange): Promise<void> {
  if (!(await database())) {
    memory.queue = memory.queue.map((c) => (c.seq === change.seq ? change : c));
    return;
  }
  await run(QUEUE, 'readwrite', (s) => s.put(change));
}
async function remove(seq: number): Promise<void> {
  if (!(await database())) {
    memory.queue = memory.queue.filter((c) => c.seq !== seq);
    return;
  }
  await run(QUEUE, 'readwrite', (s) => s.delete(seq));
}

async function reload() {
  const items = await readAll().catch(() => [] as QueuedChange[]);
  setState({ items: items.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)), loaded: true });
}

/** A fresh Idempotency-Key (random, URL-safe). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A version-4 UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newUuid(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto && globalThis.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Sends one change; 'sent', 'refused' (with the message) or 'later' (no connection, server trouble). */
async function send(
  change: QueuedChange,
): Promise<{ outcome: 'sent'; answer: unknown } | { outcome: 'refused'; message: string } | { outcome: 'later' }> {
  let response: Response;
  try {
    response = await fetch(change.url, {
      method: change.method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': change.key },
      body: JSON.stringify(change.body),
    });
  } catch {
    return { outcome: 'later' };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { outcome: 'sent', answer: payload };
  // Signed out, rate limited or a server fault: try again later, the change is kept.
  if (response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500)
    return { outcome: 'later' };
  const message =
    (payload as { error?: { message?: string } } | null)?.error?.message ?? `Refused (${response.status})`;
  return { outcome: 'refused', message };
}

let flushing: Promise<void> | null = null;
/** A change was kept, or a send asked for, while a run was going: run again once it ends. */
let rerun = false;

/** Sends what waits, in order. A refused change is kept and marked; the ones after it still go. */
export function flushQueue(): Promise<void> {
  if (flushing) {
    rerun = true;
    return flushing;
  }
  flushing = (async () => {
    setState({ sending: true });
    try {
      do {
        rerun = false;
        const items = await readAll().catch(() => [] as QueuedChange[]);
        for (const change of items.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
          if (change.refused) continue;
          const result = await send(change);
          if (result.outcome === 'later') {
            setState({ offline: true });
            return;
          }
          if (result.outcome === 'sent') {
            await remove(change.seq!);
            sentListeners.forEach((l) => l(change, result.answer));
          } else {
            await put({ ...change, refused: result.message });
          }
        }
        setState({ offline: false });
      } while (rerun);
    } finally {
      await reload();
      setState({ sending: false });
      flushing = null;
    }
  })();
  return flushing;
}

/** Keeps a change and starts sending. Resolves once it is stored (not when it is sent). */
export async function enqueueChange(
  change: Omit<QueuedChange, 'key' | 'createdAt' | 'seq' | 'refused'>,
): Promise<void> {
  await add({ ...change, key: newIdempotencyKey(), createdAt: new Date().toISOString(), refused: null });
  await reload();
  void flushQueue();
}

/** Sends a refused change again (after the office settled what refused it). */
export async function retryChange(seq: number): Promise<void> {
  const change = state.items.find((c) => c.seq === seq);
  if (!change) return;
  await put({ ...change, refused: null });
  await reload();
  void flushQueue();
}

/** Drops a refused change, by the technician's choice. */
export async function discardChange(seq: number): Promise<void> {
  await remove(seq);
  await reload();
}

/** Called with each change the server accepted and its answer (screens refresh their data). */
export function onChangeSent(listener: (change: QueuedChange, answer: unknown) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** The changes still waiting to be sent (refused ones included: they have not reached the server). */
export async function pendingChangeCount(): Promise<number> {
  return (await readAll().catch(() => [] as QueuedChange[])).length;
}

/**
 * Deletes the queue and the saved bundle from this phone (sign-out, or another user signing in
 * on it). Waits for a run of the queue to end first, so nothing is sent after it.
 */
export async function clearFieldData(): Promise<void> {
  if (flushing) await flushing.catch(() => undefined);
  memory.queue = [];
  memory.cache.clear();
  if (await database()) {
    await run(QUEUE, 'readwrite', (s) => s.clear()).catch(() => undefined);
    await run(CACHE, 'readwrite', (s) => s.clear()).catch(() => undefined);
  }
  setState({ items: [], offline: false });
}

/**
 * Makes this phone's saved field data the signed-in user's: what another user left (their session
 * ended without a sign-out) is deleted, never shown or sent under this user's session.
 */
export async function claimDevice(userId: string): Promise<void> {
  const owner = await cacheGet<string>('owner');
  if (owner === userId) return;
  if (owner !== null || (await pendingChangeCount()) > 0) await clearFieldData();
  await cachePut('owner', userId);
}

let started = false;
/** Loads the queue and sends it whenever a connection may be back. Called by the field screens. */
export function startQueue(userId: string): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void claimDevice(userId)
    .then(() => reload())
    .then(() => flushQueue());
  window.addEventListener('online', () => void flushQueue());
  window.setInterval(() => {
    if (state.items.some((c) => !c.refused)) void flushQueue();
  }, RETRY_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queue as the screens show it ("3 changes waiting to send"). */
export function useFieldQueue(): QueueState {
  return useSyncExternalStore(subscribe, () => state);
}

// The bundle kept for reading offline

async function cachePut(key: string, value: unknown): Promise<void> {
  if (!(await database())) {
    memory.cache.set(key, value);
    return;
  }
  await run(CACHE, 'readwrite', (s) => s.put(value, key)).catch(() => undefined);
}

async function cacheGet<T>(key: string): Promise<T | null> {
  if (!(await database())) return (memory.cache.get(key) as T | undefined) ?? null;
  return ((await run(CACHE, 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>).catch(() => undefined)) ??
    null) as T | null;
}

export const cacheBundle = (value: unknown): Promise<void> => cachePut('bundle', value);

export const cachedBundle = <T>(): Promise<T | null> => cacheGet<T>('bundle');

/** Puts a job read from the server into the saved bundle, so a reload with no connection shows it as last seen. */
export async function cacheJob<J extends { id: string }>(job: J): Promise<void> {
  const bundle = await cacheGet<{ jobs: J[] }>('bundle');
  if (!bundle || !bundle.jobs.some((j) => j.id === job.id)) return;
  await cachePut('bundle', { ...bundle, jobs: bundle.jobs.map((j) => (j.id === job.id ? job : j)) });
}
