import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { technicians } from '../../src/server/db/schema.js';
import { redactErrorMessage } from '../../src/server/plugins/logging.js';
import { createFactories } from '../factories/index.js';
import { apiClient, signedOut, type ApiClient } from '../support/api.js';
import { cookieHeader, TEST_PASSWORD } from '../support/test-app.js';
import { testConfig } from '../support/test-config.js';
import { openTestDatabase } from '../support/test-db.js';

/** Every line the server logs, as written (JSON), for the assertions below. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const TAX_ID = '987-65-4321';
const BANK_ACCOUNT = '000123456789';
let app: FastifyInstance;
let database: DatabaseHandle;
let cookie: string;
let admin: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig(), database, webDir: null, logger: { level: 'trace', stream: capture } });
  // A route whose query fails in the database with a technician's tax id and bank account among
  // its parameters, as a real write does when PostgreSQL refuses it.
  app.get('/api/test/failing-query', async () => {
    await database.db.execute(sql`select ${TAX_ID} as tax_id, ${BANK_ACCOUNT} as bank_account from no_such_table`);
    return { ok: true };
  });
  app.get('/api/test/failing-cast', async () => {
    await database.db.execute(sql`select ${TAX_ID}::integer as tax_id`);
    return { ok: true };
  });
  app.get('/api/test/failing-insert', async () => {
    // A technician row whose tax id is too long for its column (varchar(50)), so the insert fails.
    await database.db.insert(technicians).values({
      firstName: 'Tax',
      lastName: 'Payer',
      email: 't@example.com',
      taxId: `${TAX_ID}${'9'.repeat(60)}`,
      bankAccount: BANK_ACCOUNT,
    } as unknown as typeof technicians.$inferInsert);
    return { ok: true };
  });
  await app.ready();
  const f = createFactories(database.db);
  await f.user({ username: 'logger', email: 'logger@example.com', role: 'admin', password: TEST_PASSWORD });
  // the client over this app: it logs to `capture`, which a TestContext's app does not
  anonymous = signedOut({ app });
  const login = await anonymous.call('POST', '/api/auth/login', { username: 'logger', password: TEST_PASSWORD });
  cookie = cookieHeader(login);
  admin = apiClient({ app }, cookie);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the server log', () => {
  it('logs a failing query as a 500 without its parameters: no tax id, no bank account', async () => {
    lines.length = 0;
    const response = await admin.call('GET', '/api/test/failing-query');
    expect(response.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('unhandled error');
    expect(log).toContain('Failed query');
    expect(log).not.toContain(TAX_ID);
    expect(log).not.toContain(BANK_ACCOUNT);

    lines.length = 0;
    const cast = await admin.call('GET', '/api/test/failing-cast');
    expect(cast.statusCode).toBe(400);
    expect(lines.join('\n')).toContain('invalid input syntax');
    expect(lines.join('\n')).not.toContain(TAX_ID);

    lines.length = 0;
    const insert = await admin.call('GET', '/api/test/failing-insert');
    expect(insert.statusCode).toBeGreaterThanOrEqual(400);
    const insertLog = lines.join('\n');
    expect(insertLog).toContain('Failed query: insert into');
    expect(insertLog).not.toContain(TAX_ID);
    expect(insertLog).not.toContain(BANK_ACCOUNT);
  });

  it('never writes the session cookie, the password or a search text', async () => {
    lines.length = 0;
    await anonymous.call('POST', '/api/auth/login', { username: 'logger', password: 'Wrong-Secret-Password' });
    await admin.call('GET', '/api/companies?search=Jane%20Private%20Person', undefined, {
      headers: { authorization: 'Bearer very-secret' },
    });
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(log).not.toContain('Wrong-Secret-Password');
    expect(log).not.toContain(cookie.split('=')[1]!.slice(0, 20));
    expect(log).not.toContain('very-secret');
    expect(log).not.toContain('Private');
    expect(log).toContain('/api/companies');
  });

  it('redacts secret and personal keys in any object logged', () => {
    lines.length = 0;
    app.log.info(
      { user: { password: 'p4ss', taxId: TAX_ID, nested: { bankAccount: BANK_ACCOUNT } }, token: 'tok-123' },
      'something',
    );
    const log = lines.join('\n');
    expect(log).toContain('something');
    for (const secret of ['p4ss', TAX_ID, BANK_ACCOUNT, 'tok-123']) expect(log).not.toContain(secret);
  });

  it("never writes a quote link's token: the customer's page and its API calls", async () => {
    const token = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4';
    lines.length = 0;
    await anonymous.call('GET', `/quote/confirm/${token}?approve=true`);
    await anonymous.call('GET', `/api/public/quotes/${token}`);
    await anonymous.call('POST', `/api/public/quotes/${token}/decision`, { approve: true, signerName: 'Jane' });
    const log = lines.join('\n');
    expect(log).toContain('/api/public/quotes/[redacted]/decision');
    expect(log).toContain('/quote/confirm/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.slice(0, 16));
  });

  it("never writes a calendar feed's secret (decision 049)", async () => {
    const secret = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF';
    lines.length = 0;
    await anonymous.call('GET', `/api/public/calendar/${secret}.ics`);
    const log = lines.join('\n');
    expect(log).toContain('/api/public/calendar/[redacted]');
    expect(log).not.toContain(secret.slice(0, 16));
  });

  it("never writes a refused recipient's e-mail address", () => {
    lines.length = 0;
    const refusal =
      "Can't send mail - all recipients were rejected: 550 5.1.1 <jane.customer@example.com>: Recipient address rejected";
    app.log.warn({ outboxId: 'x', err: refusal }, 'e-mail failed');
    app.log.warn({ err: new Error(refusal) }, 'e-mail failed');
    const log = lines.join('\n');
    expect(log).toContain('Recipient address rejected');
    expect(log).not.toContain('jane.customer');
  });

  it('removes the values PostgreSQL echoes in its messages', () => {
    expect(redactErrorMessage('Failed query: insert into "t" values ($1)\nparams: 123-45-6789,x')).toBe(
      `Failed query: insert into "t" values ($1)\nparams: [redacted]`,
    );
    expect(redactErrorMessage('invalid input syntax for type integer: "987-65-4321"')).toBe(
      'invalid input syntax for type integer: "[redacted]"',
    );
    expect(redactErrorMessage('Key (email)=(jane@example.com) already exists.')).toBe(
      'Key (email)=([redacted]) already exists.',
    );
    expect(redactErrorMessage('Key (email)=(jane) already exists.')).toBe('Key (email)=([redacted]) already exists.');
  });
});
