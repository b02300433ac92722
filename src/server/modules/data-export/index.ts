/** The full data export's entry (docs/decisions/028, 050). It reads every exported table and owns none. */
export { dataExportRoutes } from './data-export.routes.js';
export { createDataExportService, type DataExportService } from './data-export.service.js';
