/**
 * A real SMTP server for tests (the smtp-server package): it speaks the protocol, receives every
 * message and can be told to refuse the next ones, so the outbox worker is tested through
 * nodemailer exactly as in production. Never a stubbed mailer.
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface FakeSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Answer the next `count` messages with this SMTP error (451: temporary, 550: permanent). */
  failNext(count: number, code?: number, message?: string): void;
  /** Waits until at least `count` messages arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

/** A port nothing listens on now (to start the server there later: "SMTP down, then up"). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const headers: Record<string, string> = {};
  let last = '';
  for (const line of head.split(/\r?\n/)) {
    if (/^\s/.test(line) && last) headers[last] = `${headers[last]} ${line.trim()}`.trim();
    else {
      const i = line.indexOf(':');
      if (i > 0) {
        last = line.slice(0, i).toLowerCase();
        headers[last] = line.slice(i + 1).trim();
      }
    }
  }
  return headers;
}

export async function startFakeSmtp(options: { port?: number } = {}): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const failures: { code: number; message: string }[] = [];
  const waiters: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const failure = failures.shift();
        if (failure) {
          const error = Object.assign(new Error(failure.message), { responseCode: failure.code });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = parseHeaders(raw);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: headers.subject ?? '',
          messageId: headers['message-id'] ?? '',
          headers,
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });

  const port = options.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as { port: number }).port;

  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    failNext(count, code = 451, message = 'Temporary failure, try again later') {
      for (let i = 0; i < count; i++) failures.push({ code, message });
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
