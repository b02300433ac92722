import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  PRICE_KINDS,
  type PriceCreate,
  type PriceKind,
  type PriceListFilters,
  type PriceRecord,
  type PriceUpdate,
  type ServiceLineOption,
} from '../../../domain/price-book.js';
import { countLimitFor } from '../../../domain/search.js';
import type { Executor } from '../../db/client.js';
import { jobItemPrices, jobPartPrices, serviceLines } from '../../db/schema.js';
import { from, selectRows, selection, textMatch, whereAll } from '../../db/sql.js';
import { readList, type CountFirstList } from '../../lists/index.js';
import { ITEM_PRICES, LABOR_PRICES, PART_PRICES, PRICE_ROWS, readPrices, type PriceTable } from './price-rows.js';

/** The list's filters on one kind's table: search on code or name (trigram indexes), service line. */
function filtersOn(t: PriceTable, filters: Pick<PriceListFilters, 'q' | 'serviceLine'>): SQL {
  const conditions: SQL[] = [];
  if (filters.q) conditions.push(sql`(${textMatch(t.code, filters.q)} or ${textMatch(t.name, filters.q)})`);
  if (filters.serviceLine) conditions.push(sql`${t.serviceLine} = ${filters.serviceLine}`);
  return whereAll(conditions);
}

const kindsOf = (type: PriceKind | undefined): readonly PriceKind[] => (type ? [type] : PRICE_KINDS);

/** The list's order over the three kinds: code in byte order (so PGlite and PostgreSQL agree), kind, id. */
const KEY = selection({
  kind: sql<PriceKind>`p.kind`.mapWith((value: string) => {
    if (!(PRICE_KINDS as readonly string[]).includes(value)) throw new Error(`Unexpected price kind ${value}`);
    return value as PriceKind;
  }),
  id: sql<string>`p.id`,
  code: sql<string>`p.code`,
});
const ORDER = sql`p.code collate "C", p.kind, p.id`;

/** (kind, id, code) of every price of the kinds that meets the filters, as one table `p`. */
function keysOf(kinds: readonly PriceKind[], filters: PriceListFilters): SQL {
  return sql.join(
    kinds.map((kind) => {
      const t = PRICE_ROWS[kind].alias;
      return sql`select ${kind}::text as kind, ${t.id} as id, ${t.code} as code from ${from(t)} where ${filtersOn(t, filters)}`;
    }),
    sql` union all `,
  );
}

/** A page of the price book: the filters, and where the page is. */
export interface PriceBookListQuery {
  filters: PriceListFilters;
  page: number;
  pageSize: number;
}
type PriceKey = { kind: PriceKind; id: string; code: string };

/**
 * The price book list (decision 030): the three kinds' tables as one, by code in byte order (each
 * kind's code has its unique index; the part table's names the order), the search on code or name
 * (trigram indexes per table); the total counted up to the cap beside the page.
 */
export function priceBookList(options: { totalCap?: number } = {}): CountFirstList<PriceBookListQuery, PriceKey> {
  return {
    name: 'price-book',
    table: jobPartPrices,
    orders: { code: { index: 'job_part_prices_code_unique' } },
    searchText: PRICE_KINDS.flatMap((kind) => [PRICE_ROWS[kind].alias.code, PRICE_ROWS[kind].alias.name]),
    filters: ({ filters }) => PRICE_KINDS.map((kind) => filtersOn(PRICE_ROWS[kind].alias, filters)),
    paging: ({ page, pageSize }) => ({
      limit: pageSize,
      offset: (page - 1) * pageSize,
      countLimit: countLimitFor(page, pageSize, options.totalCap),
    }),
    total: { capped: ({ filters }) => keysOf(kindsOf(filters.type), filters) },
    pages: {
      by: 'countFirst',
      walk: (exec, { filters, page, pageSize }) =>
        selectRows(
          exec,
          KEY,
          sql`select ${KEY} from (${keysOf(kindsOf(filters.type), filters)}) p order by ${ORDER} limit ${pageSize} offset ${(page - 1) * pageSize}`,
        ),
    },
  };
}

/** New prices of any kinds: one statement per kind present; their ids, kind by kind. */
async function insertPrices(exec: Executor, prices: PriceCreate[]): Promise<string[]> {
  return [
    ...(await insertIfAny(
      prices.filter((p) => p.kind === 'part'),
      (parts) => PART_PRICES.insert(exec, parts),
    )),
    ...(await insertIfAny(
      prices.filter((p) => p.kind === 'labor'),
      (labor) => LABOR_PRICES.insert(exec, labor),
    )),
    ...(await insertIfAny(
      prices.filter((p) => p.kind === 'item'),
      (items) => ITEM_PRICES.insert(exec, items),
    )),
  ];
}
const insertIfAny = async <T>(prices: T[], insert: (prices: T[]) => Promise<string[]>) =>
  prices.length ? insert(prices) : [];

export function createPriceBookRepo(db: Executor, options: { totalCap?: number } = {}) {
  /** The records of a page of keys, in the keys' order (one query per kind on the page). */
  async function recordsOf(exec: Executor, keys: { kind: PriceKind; id: string }[]): Promise<PriceRecord[]> {
    const byKey = new Map<string, PriceRecord>();
    for (const kind of PRICE_KINDS) {
      const ids = keys.filter((key) => key.kind === kind).map((key) => key.id);
      if (ids.length === 0) continue;
      for (const record of await readPrices(
        exec,
        kind,
        (t) =>
          sql`${t.id} in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
      )) {
        byKey.set(`${kind}:${record.id}`, record);
      }
    }
    return keys.map((key) => byKey.get(`${key.kind}:${key.id}`)).filter((record) => record !== undefined);
  }

  return {
    /** One page of the list, ordered by code, with the total (counted up to the cap); both in SQL. */
    async list(
      filters: PriceListFilters,
      page: number,
      pageSize: number,
    ): Promise<{ items: PriceRecord[]; total: number; totalCapped: boolean }> {
      const { rows, total, totalCapped } = await readList(
        db,
        priceBookList(options),
        { filters, page, pageSize },
        undefined,
      );
      return { items: await recordsOf(db, rows), total, totalCapped };
    },

    /** The filtered list after a cursor, in list order (the export reads it in batches). */
    async listAfter(
      filters: PriceListFilters,
      after: { code: string; kind: PriceKind; id: string } | null,
      limit: number,
    ): Promise<PriceRecord[]> {
      const cursor = after
        ? sql`where (p.code collate "C", p.kind, p.id) > (${after.code} collate "C", ${after.kind}::text, ${after.id}::uuid)`
        : sql``;
      const keys = await selectRows(
        db,
        KEY,
        sql`select ${KEY} from (${keysOf(kindsOf(filters.type), filters)}) p ${cursor} order by ${ORDER} limit ${limit}`,
      );
      return recordsOf(db, keys);
    },

    async getById(kind: PriceKind, id: string, exec: Executor = db): Promise<PriceRecord | undefined> {
      const [record] = await readPrices(exec, kind, (t) => sql`${t.id} = ${id}::uuid`);
      return record;
    },

    /** The price of that kind whose code matches without regard to case. */
    async findByCode(kind: PriceKind, code: string, exec: Executor = db): Promise<PriceRecord | undefined> {
      const [record] = await readPrices(exec, kind, (t) => sql`lower(${t.code}) = lower(${code})`, sql`limit 1`);
      return record;
    },

    /** Prices of that kind whose codes are among `codes` (compared in lower case). */
    async findByCodes(kind: PriceKind, codes: string[], exec: Executor = db): Promise<PriceRecord[]> {
      const found: PriceRecord[] = [];
      const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
      for (let i = 0; i < lower.length; i += 500) {
        const chunk = lower.slice(i, i + 500);
        found.push(
          ...(await readPrices(
            exec,
            kind,
            (t) =>
              sql`lower(${t.code}) in (${sql.join(
                chunk.map((c) => sql`${c}`),
                sql`, `,
              )})`,
          )),
        );
      }
      return found;
    },

    /** A new price; its id. */
    async insert(price: PriceCreate, exec: Executor = db): Promise<string> {
      const [id] = await insertPrices(exec, [price]);
      return id!;
    },

    /** Many new prices, a few hundred per statement (imports). */
    async insertMany(prices: PriceCreate[], exec: Executor = db): Promise<void> {
      for (let i = 0; i < prices.length; i += 250) await insertPrices(exec, prices.slice(i, i + 250));
    },

    /** Every field but the code; false when there is no such price. */
    async update(id: string, price: PriceUpdate, exec: Executor = db): Promise<boolean> {
      switch (price.kind) {
        case 'part':
          return (await PART_PRICES.update(exec, id, price)).length > 0;
        case 'labor':
          return (await LABOR_PRICES.update(exec, id, price)).length > 0;
        case 'item':
          return (await ITEM_PRICES.update(exec, id, price)).length > 0;
      }
    },

    async delete(kind: PriceKind, id: string): Promise<boolean> {
      return (await PRICE_ROWS[kind].remove(db, id)).length > 0;
    },

    async serviceLines(exec: Executor = db): Promise<ServiceLineOption[]> {
      return exec
        .select({ code: serviceLines.code, name: serviceLines.name, isActive: serviceLines.isActive })
        .from(serviceLines)
        .orderBy(asc(serviceLines.name));
    },

    async serviceLine(code: string): Promise<ServiceLineOption | undefined> {
      const [row] = await db
        .select({ code: serviceLines.code, name: serviceLines.name, isActive: serviceLines.isActive })
        .from(serviceLines)
        .where(eq(serviceLines.code, code))
        .limit(1);
      return row;
    },

    /** Item categories in use, for the Category field's suggestions. */
    async categories(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ category: jobItemPrices.category })
        .from(jobItemPrices)
        .orderBy(asc(jobItemPrices.category))
        .limit(200);
      return rows.map((r) => r.category);
    },
  };
}
export type PriceBookRepo = ReturnType<typeof createPriceBookRepo>;
