// Types of eslint.config.js for the TypeScript files that import it (tests/lint).
import type { Linter, Rule } from 'eslint';

/** The `local/boundaries` rule: the import rules of docs/architecture.md. */
export const boundaries: Rule.RuleModule;
/** The `local/typed-sql` rule: raw SQL in repos names tables and columns through the schema objects. */
export const typedSql: Rule.RuleModule;
/** The `local/policy` rule: no role list or role comparison outside src/domain/policy.ts. */
export const policy: Rule.RuleModule;
export const POLICY_EXEMPT: readonly string[];
declare const config: Linter.Config[];
export default config;
