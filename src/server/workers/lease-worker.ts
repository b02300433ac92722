/**
 * The claim / lease / settle loop shared by the database-queue workers (the e-mail outbox,
 * src/server/outbox/worker.ts, and the webhook deliveries, modules/webhooks/webhooks.worker.ts;
 * decisions 011, 048, 055). Every app server runs one of each against the shared database:
 *
 * - Claim: the queue claims up to `batchSize` due rows under a fresh claim token and a lease
 *   (one UPDATE over a FOR UPDATE SKIP LOCKED selection), so two servers never claim one row.
 * - Before each row the lease is renewed under the claim token: a worker whose lease ran out and
 *   was taken over loses its claim there and skips the row.
 * - `handle` does the work and settles the row under the token, answering which outcome it
 *   counted (or null when the claim was lost while it worked).
 * - A run claims again while it got a full batch, then waits `pollIntervalMs`; `afterRun` runs
 *   once per poll after the claims (housekeeping such as a retention sweep).
 *
 * Nothing is kept in memory between runs but the timer: the state is the rows.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** The worker's id as stored in claimed_by and shown on the screens: host and process by default. */
export function workerIdOf(given: string | undefined): string {
  return (given ?? `${hostname()}:${process.pid}`).slice(0, 100);
}

export interface LeaseQueue<Row extends { id: string }, Outcome extends string> {
  /** Claims up to `batchSize` due rows under `token`. */
  claim(token: string, batchSize: number): Promise<Row[]>;
  /** Extends the lease of a row still held under `token`; false when the claim was lost. */
  renewLease(id: string, token: string): Promise<boolean>;
  /** Works on one claimed row and settles it under `token`; the outcome to count, or null. */
  handle(row: Row, token: string): Promise<Outcome | null>;
}

export interface LeaseWorkerOptions<Row extends { id: string }, Outcome extends string> {
  /** names the worker in its log ("<name> worker run failed") */
  name: string;
  /** every outcome `handle` may answer, so each run's result counts all of them (0 when none) */
  outcomes: readonly Outcome[];
  queue: LeaseQueue<Row, Outcome>;
  pollIntervalMs: number;
  batchSize: number;
  /** once per poll, after the claims; its failure is logged like a run's */
  afterRun?: () => Promise<void>;
  log?: WorkerLog;
}

export type LeaseRunResult<Outcome extends string> = { claimed: number } & Record<Outcome, number>;

export function createLeaseWorker<Row extends { id: string }, Outcome extends string>(
  options: LeaseWorkerOptions<Row, Outcome>,
) {
  const { queue, batchSize, pollIntervalMs } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function runOnce(): Promise<LeaseRunResult<Outcome>> {
    const token = randomUUID();
    const rows = await queue.claim(token, batchSize);
    const result = { claimed: rows.length } as LeaseRunResult<Outcome>;
    for (const outcome of options.outcomes) (result as Record<Outcome, number>)[outcome] = 0;
    for (const row of rows) {
      if (!(await queue.renewLease(row.id, token))) continue;
      const outcome = await queue.handle(row, token);
      if (outcome !== null) (result as Record<Outcome, number>)[outcome]++;
    }
    return result;
  }

  /** Claims and works until nothing is due, then waits for the next poll. */
  async function loop(): Promise<void> {
    if (stopped) return;
    try {
      for (;;) {
        const result = await runOnce();
        if (stopped || result.claimed < batchSize) break;
      }
      if (!stopped && options.afterRun) await options.afterRun();
    } catch (error) {
      options.log?.error({ err: error }, `${options.name} worker run failed`);
    }
    if (!stopped) {
      timer = setTimeout(() => {
        running = loop();
      }, pollIntervalMs);
      timer.unref();
    }
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      running = loop();
    },
    /** Stops polling and waits for the rows in hand to be settled. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      running = null;
    },
  };
}
