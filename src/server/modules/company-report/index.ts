/** The company asset report module's entry (docs/decisions/028, 040). */
export { createCompanyReportRepo, type CompanyReportRepo } from './company-report.repo.js';
export { companyReportRoutes } from './company-report.routes.js';
export { createCompanyReportService, type CompanyReportService } from './company-report.service.js';
