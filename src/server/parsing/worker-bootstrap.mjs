// Starts a parse worker from the TypeScript sources (dev server under tsx, vitest): registers
// tsx in this thread, then loads the worker. The build runs dist/server/parse-worker.js instead.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
