import { connect, type Socket } from 'node:net';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

/**
 * The end of one HTTP/1.1 response in `buffer` (its byte length), or -1 while it is incomplete.
 * Bodies are framed by Content-Length or by chunked transfer coding, as the server sends them.
 */
export function responseLength(buffer: Buffer): number {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return -1;
  const head = buffer.toString('latin1', 0, headerEnd);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const total = headerEnd + 4 + Number(length[1]);
    return buffer.length >= total ? total : -1;
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    const end = buffer.indexOf(CHUNKED_END, headerEnd);
    return end < 0 ? -1 : end + CHUNKED_END.length;
  }
  return headerEnd + 4; // no body (204, 304)
}

/**
 * A small closed-loop load generator, as wrk or autocannon work: `connections` keep-alive sockets,
 * each sending the next request as soon as the last answer is complete, for `durationMs`. It writes
 * the request bytes once and frames answers by hand instead of going through node:http's client,
 * whose per-request cost would take a good part of the two cores away from the server it measures.
 * Latencies are measured per request; a status other than 200 counts as an error.
 */
export async function runLoad(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
}): Promise<LoadResult> {
  const target = new URL(options.url);
  const headers = { host: target.host, connection: 'keep-alive', ...options.headers };
  const requestBytes = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`,
    'latin1',
  );
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const client = () =>
    new Promise<void>((resolve) => {
      let socket: Socket;
      let buffer: Buffer = Buffer.alloc(0);
      let t0 = 0;
      const send = () => {
        if (performance.now() >= deadline) {
          socket.destroy();
          resolve();
          return;
        }
        t0 = performance.now();
        socket.write(requestBytes);
      };
      const open = () => {
        buffer = Buffer.alloc(0);
        socket = connect({ host: target.hostname, port: Number(target.port) }, send);
        socket.setNoDelay(true);
        socket.on('data', (data: Buffer) => {
          buffer = buffer.length ? Buffer.concat([buffer, data]) : data;
          const length = responseLength(buffer);
          if (length < 0) return;
          if (buffer.toString('latin1', 9, 12) === '200') times.push(performance.now() - t0);
          else errors++;
          buffer = buffer.subarray(length);
          send();
        });
        socket.on('error', () => {
          errors++;
          socket.destroy();
          if (performance.now() < deadline) setTimeout(open, 10);
          else resolve();
        });
      };
      open();
    });
  await Promise.all(Array.from({ length: options.connections }, client));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] ?? 0;
  return {
    requests: times.length,
    errors,
    seconds,
    rps: times.length / seconds,
    p50Ms: at(50),
    p99Ms: at(99),
    maxMs: times[times.length - 1] ?? 0,
  };
}
