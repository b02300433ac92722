import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { BoardTechnician, CompletedJob } from '../../../../domain/dispatch';
import { CompletedJobsView, TechnicianPanel } from './technician-panel';

const tech = (overrides: Partial<BoardTechnician> = {}): BoardTechnician => ({
  id: 't1',
  name: 'Ann Able',
  initials: 'AA',
  role: 'technician',
  office: 'Main Office',
  jobCount: 3,
  completedCount: 1,
  scheduledDates: ['2026-11-24', '2026-11-26'],
  availability: [],
  expiredCertifications: [],
  expiringCertifications: [],
  offBoard: null,
  ...overrides,
});
const done: CompletedJob = {
  id: 'j9',
  number: 1009,
  name: 'Finished PM',
  locationName: 'Plaza',
  scheduleStart: null,
  timePeriodDue: '2026-11-20',
};

function renderPanel(props: Partial<Parameters<typeof TechnicianPanel>[0]> = {}) {
  const onMore = vi.fn();
  const handlers = { onSelect: vi.fn(), onJump: vi.fn(), onShowCompleted: vi.fn() };
  render(
    <MemoryRouter>
      <TechnicianPanel
        technicians={[
          tech(),
          tech({ id: 't2', name: 'Ben Baker', initials: 'BB', jobCount: 0, expiredCertifications: ['EPA 608'] }),
          tech({
            id: 't3',
            name: 'Cy Cole',
            initials: 'CC',
            jobCount: 0,
            expiringCertifications: [{ name: 'NATE Core', expiryDate: '2026-12-08' }],
          }),
        ]}
        unassignedCount={4}
        unassignedDates={[]}
        completedList={(row) =>
          row === 't1' ? <CompletedJobsView jobs={[done]} total={51} loading={false} hasMore onMore={onMore} /> : null
        }
        showCompleted={false}
        selected={null}
        canAddTech
        {...handlers}
        {...props}
      />
    </MemoryRouter>,
  );
  return { ...handlers, onMore };
}

describe('TechnicianPanel', () => {
  it('lists Unassigned with its count and each technician with initials, name, role, count and expired or expiring certifications', () => {
    renderPanel();
    expect(screen.getByRole('button', { name: /Unassigned/ }).textContent).toContain('Unassigned4 jobs');
    const ann = screen.getByRole('button', { name: /Ann Able/ });
    expect(ann.textContent).toContain('AAAnn AbleTechnician3 jobs');
    expect(screen.getByRole('button', { name: /Ben Baker/ }).textContent).toContain('Expired certification: EPA 608');
    expect(screen.getByRole('button', { name: /Cy Cole/ }).textContent).toContain(
      'Certification expiring soon: NATE Core (12/8/2026)',
    );
    expect(ann.textContent).not.toMatch(/certification/i);
    expect(screen.getByRole('link', { name: 'Add Tech' }).getAttribute('href')).toBe('/technicians/add');
    expect(screen.queryByText('1 completed')).toBeNull();
  });

  it('selecting reveals the scheduled dates (a click jumps) and, with Show Completed, the completed jobs', () => {
    const { onJump, onSelect, onMore } = renderPanel({ selected: 't1', showCompleted: true });
    expect(screen.getByRole('button', { name: /Ann Able/ }).textContent).toContain('1 completed');
    fireEvent.click(screen.getByRole('button', { name: '11/26/2026' }));
    expect(onJump).toHaveBeenCalledWith('2026-11-26');
    const list = screen.getByTestId('completed-jobs');
    expect(within(list).getByRole('link', { name: '#1009 Finished PM' }).getAttribute('href')).toBe('/jobs/j9');
    // Honest counts: the list says how many of the row's completed jobs it holds, and loads more.
    expect(screen.getByTestId('completed-count').textContent).toBe('1 of 51');
    fireEvent.click(within(list).getByRole('button', { name: 'Show more completed jobs' }));
    expect(onMore).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /Ann Able/ }));
    expect(onSelect).toHaveBeenCalledWith(null);
  });

  it('marks the row of a technician of another office or an inactive one', () => {
    renderPanel({
      technicians: [
        tech(),
        tech({ id: 't3', name: 'Nora North', office: 'North Office', offBoard: 'other-office' }),
        tech({ id: 't4', name: 'Ina Gone', offBoard: 'inactive' }),
      ],
    });
    expect(screen.getByRole('button', { name: /Nora North/ }).textContent).toContain('Other office: North Office');
    expect(screen.getByRole('button', { name: /Ina Gone/ }).textContent).toContain('Inactive technician');
    expect(screen.getByRole('button', { name: /Ann Able/ }).textContent).not.toContain('Other office');
  });

  it('says "No technicians found" and hides Add Tech from those who may not add one', () => {
    renderPanel({ technicians: [], canAddTech: false });
    expect(screen.getByText('No technicians found')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add Tech' })).toBeNull();
  });
});
