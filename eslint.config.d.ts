// Types of eslint.config.js for the TypeScript files that import it (tests/lint).
import type { Linter, Rule } from 'eslint';

/** The `local/boundaries` rule: the import rules of docs/architecture.md. */
export const boundaries: Rule.RuleModule;
/** The `local/typed-sql` rule: raw SQL in repos names tables and columns through the schema objects. */
export const typedSql: Rule.RuleModule;
declare const config: Linter.Config[];
export default config;
