/**
 * A real HTTP receiver for webhook tests (node:http on 127.0.0.1): it verifies every request's
 * Standard Webhooks signature with the `standardwebhooks` package, records what arrived, and
 * answers as the test says (200 by default; 503 during an outage; a redirect).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  webhookId: string;
  timestamp: string;
  signature: string;
  body: string;
  /** the payload, as standardwebhooks' verify returned it; null when the signature did not verify */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  verifyError: string | null;
  /** what this receiver answered */
  answered: number;
  path: string;
}

export interface FakeWebhookReceiver {
  url: string;
  /** every request, in order of arrival */
  received: ReceivedWebhook[];
  /** the ones answered with a 2xx: each webhook-id must be here at most once for "exactly once" */
  accepted(): ReceivedWebhook[];
  /** the endpoint's secret, once the test created the endpoint */
  secret: string | null;
  /** what to answer next: a status, or a function of the request count */
  answer: (request: { path: string; count: number }) => {
    status: number;
    headers?: Record<string, string>;
    body?: string;
  };
  waitFor(check: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const header = (headers: IncomingHttpHeaders, name: string) => String(headers[name] ?? '');

export async function startWebhookReceiver(): Promise<FakeWebhookReceiver> {
  const receiver: FakeWebhookReceiver = {
    url: '',
    received: [],
    accepted: () => receiver.received.filter((r) => r.answered >= 200 && r.answered < 300),
    secret: null,
    answer: () => ({ status: 200, body: 'ok' }),
    async waitFor(check, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error('timed out waiting for webhooks');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': header(request.headers, 'webhook-id'),
        'webhook-timestamp': header(request.headers, 'webhook-timestamp'),
        'webhook-signature': header(request.headers, 'webhook-signature'),
      };
      let verified: ReceivedWebhook['verified'] = null;
      let verifyError: string | null = null;
      try {
        if (!receiver.secret) throw new Error('no secret yet');
        verified = new Webhook(receiver.secret).verify(body, headers) as ReceivedWebhook['verified'];
      } catch (error) {
        verifyError = (error as Error).message;
      }
      const path = request.url ?? '/';
      const reply = receiver.answer({ path, count: receiver.received.length + 1 });
      receiver.received.push({
        webhookId: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        verified,
        verifyError,
        answered: reply.status,
        path,
      });
      response.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
      response.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
