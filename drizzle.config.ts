import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the server applies them in code at start
// (src/server/db/migrate.ts), so PGlite and PostgreSQL always run the same SQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/*.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
