import pg from 'pg';

/** node-postgres' own state of a connection (pg 8), read without its deprecated getters. */
interface ClientState {
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
}

/**
 * Records every query sent to a node-postgres connection while another one is still running on it:
 * node-postgres queues it, which is deprecated ("Calling client.query() when the client is already
 * executing a query") and gone in pg 9. The pool never hands out a busy connection, so an overlap
 * is two queries at once on one transaction's connection (a Promise.all inside a transaction).
 */
export function watchOverlappingQueries(): { overlaps: string[]; stop(): void } {
  const overlaps: string[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  prototype.query = function (this: ClientState, ...args: unknown[]) {
    if (this._activeQuery || (this._queryQueue?.length ?? 0) > 0) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      overlaps.push(text.replace(/\s+/g, ' ').slice(0, 160));
    }
    return query.apply(this, args);
  };
  return {
    overlaps,
    stop: () => {
      prototype.query = query;
    },
  };
}
