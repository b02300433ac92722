import { existsSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import { TABLE_OWNERS } from './table-owners';
import * as views from './views';

const tableNames = [...Object.values(schema), ...Object.values(views)]
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable));

// The lint rule `local/table-owners` can only refuse writes to tables the map names.
describe('table owners', () => {
  it('names an owner for every table of the schema, and no table that is gone', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...new Set(tableNames)].sort());
  });

  it('names owners that exist under src/server', () => {
    const server = path.resolve(import.meta.dirname, '..');
    for (const owner of new Set(Object.values(TABLE_OWNERS)))
      expect(existsSync(path.join(server, owner)), owner).toBe(true);
  });
});
