/** The price book module's entry (docs/decisions/028). */
export { createPriceBookRepo } from './price-book.repo.js';
export { priceBookRoutes } from './price-book.routes.js';
export { createPriceBookService } from './price-book.service.js';
