import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { typedSql } from '../../eslint.config.js';

/** The `local/typed-sql` rule of eslint.config.js: raw SQL in repos names the schema only through its objects. */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const file = path.resolve(import.meta.dirname, '../../src/server/modules/units/units.repo.ts');
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const options = [{ tables: ['units', 'locations', 'job_items'] }];

tester.run('local/typed-sql', typedSql, {
  valid: [
    // tables and columns through the schema objects, own names (m, page, t, r) as text
    {
      filename: file,
      options,
      code: `
        import { selectRows, selection, tableAlias, from } from '../../db/sql.js';
        const u = tableAlias(units, 'u');
        const UNIT = selection({ id: u.id, number: u.unitNumber });
        const q = sql\`with m as materialized (select \${u.id} as id from \${from(u)} where \${u.unitNumber} ilike \${like})
          select t.total, r.* from (select count(*) as total from m) t left join lateral (select \${UNIT} from page p) r on true\`;`,
    },
    // a table's name inside a string literal or a quoted identifier is not a reference
    {
      filename: file,
      options,
      code: 'const q = sql`select concat(\'units \', ${u.unitNumber}) as "units" from ${units}`;',
    },
    // sql<T> with a type argument, and names that only contain a table's name
    { filename: file, options, code: 'const q = sql<number>`count(*) filter (where units_part.n > 0)`;' },
    // another import from client.js
    { filename: file, options, code: "import { type Executor } from '../../db/client.js';" },
  ],
  invalid: [
    {
      filename: file,
      options,
      code: "import { queryRows } from '../../db/client.js';",
      errors: [{ message: /not queryRows/ }],
    },
    {
      filename: file,
      options,
      code: 'const q = sql`select count(*) from units where location_id = ${id}`;',
      errors: [{ message: /name the table "units" through its schema object/ }],
    },
    {
      filename: file,
      options,
      code: 'const q = sql`select ${u.id} from ${from(u)} join job_items i on i.unit_id = ${u.id}`;',
      errors: [{ message: /"job_items"/ }],
    },
    {
      filename: file,
      options,
      code: "const l = tableAlias(locations, 'l'); const q = sql`select ${LOCATION} from ${from(l)} order by l.name`;",
      errors: [{ message: /write `l.name` as \$\{l.<column>\}/ }],
    },
    {
      filename: file,
      options,
      code: "const u = alias(units, 'u'); const where = sql`u.status = ${status}`;",
      errors: [{ message: /write `u.status`/ }],
    },
  ],
});
