import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { Socket } from 'node:net';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repo function runs its SQL on: the database, or the transaction a service opened. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: a copy of the data directory (used by tests to clone a migrated database). */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the connection pool (migrations take one connection for their lock). */
  pool?: pg.Pool;
  /**
   * Follows a notification channel (LISTEN): `onNotify` for each notification, `onState(true)`
   * once listening and `onState(false)` whenever the listening connection is lost (PostgreSQL keeps
   * one connection of its own for it and reconnects every second until it is back). Returns the
   * function that stops listening.
   */
  listen(channel: string, handlers: NotificationHandlers): () => Promise<void>;
}

export interface NotificationHandlers {
  onNotify(): void;
  onState(listening: boolean): void;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when set, PGlite is not used. */
  url?: string | undefined;
  /** PGlite data directory; omit for an in-memory database. */
  dataDir?: string | undefined;
  /** PGlite: start from this dumped data directory (tests). */
  loadDataDir?: Blob | undefined;
  /** PostgreSQL pool size. */
  poolSize?: number | undefined;
  /** PostgreSQL: give up opening a connection after this long (a stopped or hung server). */
  connectTimeoutMs?: number | undefined;
  /**
   * PostgreSQL: the server cancels a statement running longer than this (statement_timeout), and
   * the client gives up waiting for an answer a little later (a server that stopped answering).
   * Omit for no limit (tools, seeding, tests).
   */
  statementTimeoutMs?: number | undefined;
}

const BYTEA_OID = 17;
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const handle = createPostgresHandle({ ...options, url: options.url });
    // Fail fast with a clear error instead of on the first request.
    const probe = await handle.pool!.connect();
    probe.release();
    return handle;
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
    // PGlite's own bytea conversion goes byte by byte in JavaScript (10 s to store a 9 MB photo,
    // 3 s to read it back); Node's hex codec does the same natively in milliseconds.
    serializers: { [BYTEA_OID]: (value: unknown) => `\\x${asBuffer(value as Uint8Array).toString('hex')}` },
    parsers: { [BYTEA_OID]: (value: string) => asBuffer(Buffer.from(value.slice(2), 'hex')) },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // In-process: every write goes through this client, whose listeners hear it before the
    // statement's answer is returned.
    listen(channel, handlers) {
      const subscribed = client
        .listen(channel, () => handlers.onNotify())
        .then(
          (unlisten) => {
            handlers.onState(true);
            return unlisten;
          },
          () => async () => undefined, // a closed database: nothing is kept, as when not listening
        );
      return async () => {
        handlers.onState(false);
        await (
          await subscribed
        )();
      };
    },
    close: () => client.close(),
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

/**
 * The socket a PostgreSQL connection writes to, with the writes of one tick sent together.
 * node-postgres writes each protocol message on its own (Parse, Bind, Describe, Execute, Sync: five
 * writes per query), and on a fast link each write is its own system call and its own wake-up of the
 * server process. Corking until the next tick sends a query as one write (Node's documented
 * cork/uncork pattern); nothing waits longer than the current tick.
 */
export function coalescingSocket(): Socket {
  const socket = new Socket();
  const write = socket.write;
  const uncork = () => socket.uncork();
  socket.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
    if (socket.writableCorked === 0) {
      socket.cork();
      process.nextTick(uncork);
    }
    return write.apply(this, args);
  } as Socket['write'];
  return socket;
}

/**
 * A PostgreSQL pool and its drizzle database, without connecting yet (openDatabase probes it;
 * tests point one at a server that is down or hung).
 */
export function createPostgresHandle(options: OpenDatabaseOptions & { url: string }): DatabaseHandle {
  // JIT compilation pays off for long analytical queries, not for an application's short ones:
  // on the large data set it added 1.8 s to a 100 ms count query. Off for our connections.
  const serverOptions = ['-c jit=off'];
  if (options.statementTimeoutMs) serverOptions.push(`-c statement_timeout=${Math.round(options.statementTimeoutMs)}`);
  // What every connection of this handle uses: the pool's and the notification listener's.
  const connection: pg.ClientConfig = {
    connectionString: options.url,
    options: serverOptions.join(' '),
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    keepAlive: true,
  };
  const pool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    // The server's own statement_timeout cancels slow statements; this catches a server that stopped
    // answering altogether (the cancel would never come back).
    ...(options.statementTimeoutMs ? { query_timeout: options.statementTimeoutMs + 5_000 } : {}),
    stream: coalescingSocket,
  });
  // An idle connection the server closes (restart, failover, a dropped test database) is replaced
  // on next use; without a listener its 'error' event would crash the process.
  pool.on('error', (error) => console.warn(`[db] an idle PostgreSQL connection was closed: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    pool,
    listen: (channel, handlers) => listenPostgres(connection, channel, handlers),
  };
}

const LISTEN_RETRY_MS = 1_000;

/** LISTEN on a connection of its own, outside the pool, connected again whenever it is lost. */
function listenPostgres(config: pg.ClientConfig, channel: string, handlers: NotificationHandlers): () => Promise<void> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let listening = false;
  const connect = () => {
    if (stopped) return;
    const client = new pg.Client(config);
    current = client;
    const lost = (error?: Error) => {
      if (current !== client) return;
      current = null;
      // Said once when a working connection is lost, not at every failed retry while the database is down.
      if (!stopped && listening)
        console.warn(
          `[db] listening on ${channel} stopped (${error?.message ?? 'connection ended'}); connecting again every ${LISTEN_RETRY_MS / 1000} s`,
        );
      listening = false;
      handlers.onState(false);
      client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(connect, LISTEN_RETRY_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify();
    });
    client
      .connect()
      .then(() => client.query(`LISTEN "${channel}"`))
      .then(() => {
        if (current === client) {
          listening = true;
          handlers.onState(true);
        } else {
          client.end().catch(() => undefined);
        }
      })
      .catch(lost);
  };
  connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    handlers.onState(false);
    await client?.end().catch(() => undefined);
  };
}

/**
 * Runs independent reads side by side on the database (each on a pool connection of its own) and
 * one after another on a transaction. A transaction is one connection: node-postgres queues a query
 * sent while another runs on it (deprecated, "Calling client.query() when the client is already
 * executing a query", and gone in pg 9), so reads in a transaction gain nothing from Promise.all.
 */
export async function readTogether<T extends readonly unknown[]>(
  exec: Executor,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!is(exec, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/** Runs raw SQL and returns its rows, on either driver. */
export async function queryRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function pingDatabase(exec: Executor): Promise<void> {
  await exec.execute(sql`select 1`);
}
