/** The settings module's entry (docs/decisions/028). It owns the settings table. */
export { COMPANY_SETTINGS_KEY, createSettingsRepo, type SettingsRepo } from './settings.repo.js';
export { settingsRoutes } from './settings.routes.js';
export { createTaxGroupsRepo, taxGroupsRoutes } from './tax-groups.js';
