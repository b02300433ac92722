/** The unit-labels module's entry (decisions 028, 046): QR labels and the codes that find a unit. */
export { createUnitLabelsRepo, type UnitLabelsRepo } from './unit-labels.repo.js';
export { unitLabelsRoutes } from './unit-labels.routes.js';
export { createUnitLabelsService, type UnitLabelsService } from './unit-labels.service.js';
