/**
 * The quotes module's entry (docs/decisions/028). It owns job_quotes; the quote PDF's data and its
 * generation live here too (src/server/pdf only draws).
 */
export { createQuotePdfService, type QuotePdfService } from './quote-pdf.service.js';
export { createQuotesRepo, type QuotesRepo } from './quotes.repo.js';
export { quotesRoutes } from './quotes.routes.js';
export { createQuotesService, type QuotesService } from './quotes.service.js';
