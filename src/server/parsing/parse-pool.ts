/**
 * Runs the parsing of uploaded files (PDF templates, spreadsheets, the quote PDF built on a stored
 * template) in worker threads, so a hostile or huge file never holds the event loop: each job runs
 * in a Worker with a V8 heap cap (`resourceLimits`) and a deadline (the worker is terminated when
 * it passes), at most `maxWorkers` at once, the others waiting in a short queue (decision 025).
 *
 * The worker script is `parse-worker.ts`: under tsx and vitest it is loaded through
 * `worker-bootstrap.mjs` (which registers tsx in the worker); in the build, esbuild writes it
 * beside the server bundle as `dist/server/parse-worker.js` (scripts/build.mjs).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.js';
import type { ParseJobs, ParseReply } from './parse-jobs.js';

export interface ParsePoolOptions {
  /** workers running at once (each up to its heap cap) */
  maxWorkers: number;
  /** jobs waiting for a worker beyond that; more answer 503 */
  maxQueued: number;
  /** V8 old-generation cap of a worker, MB */
  maxHeapMb: number;
  /** a job running longer is stopped (its worker terminated) */
  timeoutMs: number;
  /** an idle worker is stopped after this long, giving its memory back */
  idleMs: number;
}

export const DEFAULT_PARSE_POOL: ParsePoolOptions = {
  maxWorkers: 1,
  maxQueued: 16,
  maxHeapMb: 160,
  timeoutMs: 20_000,
  idleMs: 30_000,
};

/** Why a job did not finish: it ran out of time or memory, or its worker died. */
export class ParseLimitError extends Error {
  constructor(readonly reason: 'timeout' | 'memory' | 'crash') {
    super(`parse job stopped: ${reason}`);
    this.name = 'ParseLimitError';
  }
}

export const PARSE_BUSY_MESSAGE = 'The server is busy reading other uploads. Please try again in a moment.';

type JobName = keyof ParseJobs;
type JobInput<N extends JobName> = Parameters<ParseJobs[N]>[0];
type JobOutput<N extends JobName> = Awaited<ReturnType<ParseJobs[N]>>;

interface Pending {
  job: JobName;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
}

function workerScript(): { url: URL; bootstrap: boolean } {
  const built = new URL('./parse-worker.js', import.meta.url);
  // In the bundle (dist/server/main.js) the worker is a sibling file; from the sources it is TypeScript.
  if (import.meta.url.endsWith('.js') && existsSync(fileURLToPath(built))) return { url: built, bootstrap: false };
  return { url: new URL('./parse-worker.ts', import.meta.url), bootstrap: true };
}

export function createParsePool(options: Partial<ParsePoolOptions> = {}) {
  const settings = { ...DEFAULT_PARSE_POOL, ...options };
  const script = workerScript();
  const slots = new Set<Slot>();
  const queue: Pending[] = [];
  let closed = false;
  let nextId = 1;

  function spawn(): Slot {
    const worker = script.bootstrap
      ? new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), {
          workerData: { entry: script.url.href },
          execArgv: [],
          resourceLimits: limits(),
        })
      : new Worker(script.url, { execArgv: [], resourceLimits: limits() });
    worker.unref();
    const slot: Slot = { worker, busy: false };
    slots.add(slot);
    // A worker that fails between jobs is dropped (a running job has its own listeners); without a
    // listener its 'error' would be thrown in this thread.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      slots.delete(slot);
      clearTimeout(slot.idleTimer);
    });
    return slot;
  }

  function limits() {
    return {
      maxOldGenerationSizeMb: settings.maxHeapMb,
      maxYoungGenerationSizeMb: 16,
      codeRangeSizeMb: 64,
      stackSizeMb: 4,
    };
  }

  function retire(slot: Slot) {
    slots.delete(slot);
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
  }

  function run(slot: Slot, pending: Pending) {
    slot.busy = true;
    clearTimeout(slot.idleTimer);
    const id = nextId++;
    const { worker } = slot;
    let done = false;
    const finish = (outcome: { value: unknown } | { error: unknown }, keepWorker: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keepWorker) {
        slot.busy = false;
        slot.idleTimer = setTimeout(() => retire(slot), settings.idleMs).unref();
      } else {
        retire(slot);
      }
      if ('value' in outcome) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
      next();
    };
    const onMessage = (reply: ParseReply) => {
      if (reply.id !== id) return;
      if (reply.ok) finish({ value: reply.value }, true);
      else if (reply.error.app)
        finish(
          {
            error: new AppError(
              reply.error.app.statusCode,
              reply.error.app.code,
              reply.error.message,
              reply.error.app.fields,
            ),
          },
          true,
        );
      else finish({ error: Object.assign(new Error(reply.error.message), { name: reply.error.name }) }, true);
    };
    const onError = (error: Error & { code?: string }) =>
      finish({ error: new ParseLimitError(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash') }, false);
    const onExit = () => finish({ error: new ParseLimitError('crash') }, false);
    const timer = setTimeout(() => finish({ error: new ParseLimitError('timeout') }, false), settings.timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ id, job: pending.job, input: pending.input });
  }

  function next() {
    while (queue.length > 0 && !closed) {
      const idle = [...slots].find((s) => !s.busy);
      const slot = idle ?? (slots.size < settings.maxWorkers ? spawn() : null);
      if (!slot) return;
      run(slot, queue.shift()!);
    }
  }

  return {
    /**
     * Runs a job in a worker. Rejects with the job's own AppError (a 4xx it decided), a
     * ParseLimitError (time, memory, crash: the caller says the file could not be read safely),
     * or a 503 when too many uploads are waiting already. The input is copied to the worker (an
     * upload's Buffer may share its memory with others, so it is not transferred).
     */
    run<N extends JobName>(job: N, input: JobInput<N>): Promise<JobOutput<N>> {
      if (closed) return Promise.reject(new Error('the parse pool is closed'));
      if (queue.length >= settings.maxQueued)
        return Promise.reject(new AppError(503, 'SERVICE_UNAVAILABLE', PARSE_BUSY_MESSAGE));
      return new Promise<JobOutput<N>>((resolve, reject) => {
        queue.push({ job, input, resolve: resolve as (value: unknown) => void, reject });
        next();
      });
    },

    async close(): Promise<void> {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('the parse pool is closed'));
      await Promise.all(
        [...slots].map(async (slot) => {
          slots.delete(slot);
          clearTimeout(slot.idleTimer);
          await slot.worker.terminate();
        }),
      );
    },
  };
}
export type ParsePool = ReturnType<typeof createParsePool>;
