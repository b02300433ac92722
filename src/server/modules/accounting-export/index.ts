/** The accounting export module's entry (decisions 028, 051): the mapping and the export log. */
export { accountingExportRoutes } from './accounting-export.routes.js';
export { createAccountingExportRepo } from './accounting-export.repo.js';
export { createAccountingExportService } from './accounting-export.service.js';
