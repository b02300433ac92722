import { Agent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * A small closed-loop load generator (node:http with keep-alive, no dependency): `connections`
 * clients each send the next request as soon as the last one answered, for `durationMs`.
 * Latencies are measured per request; a status other than 200 counts as an error.
 */
export async function runLoad(options: { url: string; headers?: Record<string, string>; connections: number; durationMs: number }): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(options.url);
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = request(
        { agent, host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: 'GET', headers: options.headers },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode === 200) times.push(performance.now() - t0);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const client = async () => {
    while (performance.now() < deadline) await once();
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] ?? 0;
  return { requests: times.length, errors, seconds, rps: times.length / seconds, p50Ms: at(50), p99Ms: at(99), maxMs: times[times.length - 1] ?? 0 };
}
