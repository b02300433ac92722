/**
 * One delivery attempt over HTTP(S), guarded against server-side request forgery:
 * - the host's addresses are resolved here and each is checked (connectRefusal in
 *   src/domain/webhooks.ts) before the connection is made to the checked address, so a name that
 *   resolves to a private or metadata address is refused, also when it changes between checks;
 * - redirects are never followed (node:http does not): a 3xx is a failed attempt;
 * - the attempt has a deadline, and only the first bytes of the answer are read and kept.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { classifyAddress, connectRefusal } from '../../../domain/webhooks.js';

export interface SendAttempt {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** characters of the answer kept */
  excerptLength: number;
}

export interface SendResult {
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  /** an address refusal: retrying will not help */
  permanent: boolean;
}

export class AddressRefused extends Error {}

function guardedLookup(secure: boolean, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const refusal = addresses.map((a) => connectRefusal(a.address, secure, allowPrivate)).find(Boolean);
      if (refusal || addresses.length === 0)
        return callback(new AddressRefused(`Refused: ${hostname} resolves to ${refusal ?? 'no address'}`), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export function sendWebhook(attempt: SendAttempt): Promise<SendResult> {
  const url = new URL(attempt.url);
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (classifyAddress(host) !== null) {
    const refusal = connectRefusal(host, secure, attempt.allowPrivate);
    if (refusal)
      return Promise.resolve({
        statusCode: null,
        responseExcerpt: null,
        error: `Refused: ${refusal}`,
        permanent: true,
      });
  }
  const transport = secure ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(secure, attempt.allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(attempt.body),
          'user-agent': 'HVAC-Administration-Webhooks/1',
          ...attempt.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const limit = attempt.excerptLength * 4;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, attempt.excerptLength);
          const status = response.statusCode ?? null;
          const ok = status !== null && status >= 200 && status < 300;
          const redirect = status !== null && status >= 300 && status < 400;
          finish({
            statusCode: status,
            responseExcerpt: text || null,
            error: ok
              ? null
              : redirect
                ? `HTTP ${status}: redirects are not followed${response.headers.location ? ` (to ${String(response.headers.location).slice(0, 200)})` : ''}`
                : `HTTP ${status}`,
            permanent: false,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (size < limit) chunks.push(chunk);
          size += chunk.length;
          if (size >= limit) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      const limit = attempt.timeoutMs >= 1000 ? `${Math.round(attempt.timeoutMs / 1000)} s` : `${attempt.timeoutMs} ms`;
      request.destroy(new Error(`No answer within ${limit}`));
    }, attempt.timeoutMs);
    request.on('error', (error) =>
      finish({
        statusCode: null,
        responseExcerpt: null,
        error: error.message || String(error),
        permanent: error instanceof AddressRefused,
      }),
    );
    request.end(attempt.body);
  });
}
