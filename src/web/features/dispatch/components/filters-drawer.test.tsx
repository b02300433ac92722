import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DispatchOptions } from '../../../../domain/dispatch';
import { DEFAULT_DRAFT } from '../board-filters';
import { FiltersDrawer } from './filters-drawer';

const options: DispatchOptions = {
  offices: ['Main Office', 'Branch Office'],
  jobTypes: [{ code: 'SC', name: 'Service Call' }],
  serviceLines: [{ code: 'HVACGEN', name: 'HVAC General' }],
  owners: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Mia Owner' }],
  regions: ['North'],
  tags: ['vip', 'rooftop'],
  ranges: [],
  dateFields: [],
};

function renderDrawer() {
  const onApply = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <FiltersDrawer open onOpenChange={onOpenChange} initial={DEFAULT_DRAFT} options={options} onApply={onApply} />,
  );
  return { onApply, onOpenChange };
}

describe('FiltersDrawer', () => {
  it('offers the choices from the data and applies the draft', () => {
    const { onApply, onOpenChange } = renderDrawer();
    fireEvent.change(screen.getByLabelText('Job Type'), { target: { value: 'SC' } });
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'North' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag vip' }));
    expect((screen.getByLabelText('Tags') as HTMLInputElement).value).toBe('vip');
    fireEvent.click(screen.getByLabelText('Show subcontracted jobs'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith({
      ...DEFAULT_DRAFT,
      type: 'SC',
      region: 'North',
      tags: 'vip',
      showSubcontracted: true,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses a custom range without dates or longer than 62 days, and a bad price, as the API would', () => {
    const { onApply } = renderDrawer();
    fireEvent.change(screen.getByLabelText('Filter Date Range By'), { target: { value: 'custom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getByText('From date is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByLabelText('Limit by Estimated Price'));
    fireEvent.change(screen.getByLabelText('Minimum ($)'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Maximum ($)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getByText('The board range must be at most 62 days')).toBeTruthy();
    expect(screen.getByText('The maximum price must be at least the minimum price')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('Clear all filters puts back the defaults at once', () => {
    const { onApply } = renderDrawer();
    fireEvent.change(screen.getByLabelText('Job Office'), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(onApply).toHaveBeenCalledWith(DEFAULT_DRAFT);
    expect((screen.getByLabelText('Job Office') as HTMLInputElement).value).toBe('Main Office');
  });
});
