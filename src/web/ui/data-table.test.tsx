import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  id: string;
  name: string;
  email: string;
  phone: string;
}
const ROWS: Row[] = [
  { id: '1', name: 'RTU-1', email: 'a@example.com', phone: '(404) 555-0100' },
  { id: '2', name: 'RTU-2', email: 'b@example.com', phone: '(404) 555-0101' },
];
const COLUMNS: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', cell: (r) => r.name },
  { id: 'email', header: 'Email', priority: 2, cell: (r) => r.email },
  { id: 'phone', header: 'Phone', priority: 3, cell: (r) => r.phone },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <MemoryRouter>
      <DataTable
        label="Units"
        columns={COLUMNS}
        rows={ROWS}
        getRowKey={(r) => r.id}
        getRowLabel={(r) => `unit ${r.name}`}
        empty="No units found."
        actions={{ cell: (r) => <button type="button">Edit {r.name}</button> }}
        {...props}
      />
    </MemoryRouter>,
  );
}

function renderAt(width: number, props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width } as DOMRect);
  const result = renderTable(props);
  spy.mockRestore();
  return result;
}

describe('DataTable', () => {
  it('shows every column when there is room', () => {
    renderAt(1200);
    const table = screen.getByRole('table', { name: 'Units' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Phone', 'Actions']);
    expect(screen.queryByRole('button', { name: /Details of/ })).toBeNull();
  });

  it('moves the columns that do not fit into an expandable row, keeping Actions', () => {
    renderAt(800);
    const table = screen.getByRole('table', { name: 'Units' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Actions']);
    expect(screen.queryByText('(404) 555-0100')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Details of unit RTU-1' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.textContent).toContain('(404) 555-0100');
    expect(screen.getByRole('button', { name: 'Edit RTU-1' })).toBeTruthy();
  });

  it('becomes labelled cards on a narrow screen', () => {
    renderAt(500);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Units' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('Email');
    expect(first.textContent).toContain('(404) 555-0100');
    expect(within(first).getByRole('button', { name: 'Edit RTU-1' })).toBeTruthy();
  });

  it('is cards at once in a phone-wide window, without measuring in the middle of a render', () => {
    const inner = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 412 });
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    try {
      renderTable();
      expect(screen.getByRole('list', { name: 'Units' })).toBeTruthy();
      expect(measure).not.toHaveBeenCalled();
    } finally {
      measure.mockRestore();
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: inner });
    }
  });

  it('sorts from its headers and says the order with aria-sort', () => {
    const onSortChange = vi.fn();
    renderAt(1200, { sort: { key: 'name', direction: 'asc' }, onSortChange });
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'name', direction: 'desc' });
  });

  it('has an empty and a loading state', () => {
    const { unmount } = renderAt(1200, { rows: [] });
    expect(screen.getByText('No units found.')).toBeTruthy();
    unmount();
    renderAt(1200, { rows: undefined, loadingLabel: 'Loading units...' });
    expect(screen.getByRole('status').textContent).toContain('Loading units...');
  });
});
