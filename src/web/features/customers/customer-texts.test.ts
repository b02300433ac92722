import { describe, expect, it } from 'vitest';
import { deleteCompanyConfirmation, deleteLocationConfirmation, deleteUnitConfirmation } from './customer-texts';

describe('delete confirmations', () => {
  it('say what goes with a company, a location and a unit', () => {
    expect(deleteCompanyConfirmation('Acme', 3)).toBe(
      'Are you sure you want to delete Acme? This will also delete all 3 location(s) and their units. This action cannot be undone.',
    );
    expect(deleteLocationConfirmation('HQ', 2)).toBe(
      'Are you sure you want to delete HQ? This will also delete its 2 unit(s). This action cannot be undone.',
    );
    expect(deleteUnitConfirmation('RTU-1')).toBe(
      'Are you sure you want to delete unit RTU-1? This action cannot be undone.',
    );
  });
});
