/**
 * The periodic visit generator of one app server (issue 29): every app server runs one, like the
 * e-mail outbox worker (src/server/outbox/worker.ts). Nothing is shared in memory: each run takes
 * the generator's advisory lock in the database, and the visits' unique key makes a second run
 * (here or on another server) create nothing twice. Started on listen by app.ts, stopped on close.
 */
import type { AgreementsService } from './agreements.service.js';

export const VISIT_GENERATOR_DEFAULTS = { intervalMs: 15 * 60_000, firstRunMs: 5_000 } as const;

export interface VisitGeneratorWorkerOptions {
  service: Pick<AgreementsService, 'generate'>;
  intervalMs?: number;
  /** The first run's delay after start (a server that was down catches up at once). */
  firstRunMs?: number;
  log?: { error(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

export function createVisitGeneratorWorker(options: VisitGeneratorWorkerOptions) {
  const intervalMs = options.intervalMs ?? VISIT_GENERATOR_DEFAULTS.intervalMs;
  const firstRunMs = options.firstRunMs ?? VISIT_GENERATOR_DEFAULTS.firstRunMs;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick();
    }, delay);
    timer.unref();
  };

  async function tick(): Promise<void> {
    if (stopped) return;
    try {
      const run = await options.service.generate('schedule');
      if (run.visitsCreated || run.agreementsRenewed)
        options.log?.info(
          { runId: run.id, visits: run.visitsCreated, renewed: run.agreementsRenewed },
          'agreement visits generated',
        );
    } catch (error) {
      options.log?.error({ err: error }, 'agreement visit generator run failed');
    }
    schedule(intervalMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(firstRunMs);
    },
    /** Stops and waits for a run in progress to finish. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      running = null;
    },
  };
}
export type VisitGeneratorWorker = ReturnType<typeof createVisitGeneratorWorker>;
