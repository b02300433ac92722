/** A parse worker (parse-pool.ts): runs one job at a time and answers with its value or its error. */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../errors.js';
import { parseJobs, type ParseReply, type ParseRequest } from './parse-jobs.js';

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs in a worker thread only');

port.on('message', async ({ id, job, input }: ParseRequest) => {
  let reply: ParseReply;
  try {
    const value = await (parseJobs[job] as (input: unknown) => Promise<unknown>)(input);
    reply = { id, ok: true, value };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    reply = {
      id,
      ok: false,
      error: {
        name: e.name,
        message: e.message,
        ...(error instanceof AppError
          ? {
              app: {
                statusCode: error.statusCode,
                code: error.code,
                ...(error.fields ? { fields: error.fields } : {}),
              },
            }
          : {}),
      },
    };
  }
  port.postMessage(reply);
});
