// Types of eslint.config.js for the TypeScript files that import it (tests/lint).
import type { Linter, Rule } from 'eslint';

/** The `local/boundaries` rule: the import rules of docs/architecture.md. */
export const boundaries: Rule.RuleModule;
declare const config: Linter.Config[];
export default config;
