/** The quote templates module's entry (docs/decisions/028). */
export { createQuoteTemplatesRepo, type QuoteTemplatesRepo } from './quote-templates.repo.js';
export { quoteTemplatesRoutes } from './quote-templates.routes.js';
export { createQuoteTemplatesService } from './quote-templates.service.js';
