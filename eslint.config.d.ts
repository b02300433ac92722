// Types of eslint.config.js for the TypeScript files that import it (tests/lint).
import type { Linter, Rule } from 'eslint';

/** The `local/boundaries` rule: the import rules of docs/architecture.md. */
export const boundaries: Rule.RuleModule;
/** The `local/typed-sql` rule: raw SQL in repos names tables and columns through the schema objects. */
export const typedSql: Rule.RuleModule;
/** The `local/module-entries` rule: other code imports a server module only through its index.ts. */
export const moduleEntries: Rule.RuleModule;
/** The `local/table-owners` rule: only a table's owner module writes it (src/server/db/table-owners.ts). */
export const tableOwners: Rule.RuleModule;
/** The `local/policy` rule: no role list or role comparison outside src/domain/policy.ts. */
export const policy: Rule.RuleModule;
export const POLICY_EXEMPT: readonly string[];
declare const config: Linter.Config[];
export default config;
