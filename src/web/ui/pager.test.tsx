import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

describe('Pager', () => {
  it('shows the range and the total, and moves between pages', () => {
    const onPage = vi.fn();
    render(<Pager page={2} pageSize={25} total={1234} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('Showing 26–50 of 1,234');
    expect(screen.getByText('Page 2 of 50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it('disables both directions on a single page and shows 0 for an empty list', () => {
    render(<Pager page={1} pageSize={25} total={0} onPage={() => {}} />);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('navigation').textContent).toContain('Showing 0–0 of 0');
  });
});

describe('Pager at the counting cap', () => {
  it('says "10,000+ results" and keeps Next on, on the cap\'s last page too', () => {
    const onPage = vi.fn();
    render(<Pager page={400} pageSize={25} total={10_000} totalCapped onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.textContent).toContain('Showing 9,976–10,000 of 10,000+ results');
    expect(screen.getByText('Page 400 of 400+')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(401);
  });

  it('past the cap the server counts further, and the pager follows it', () => {
    render(<Pager page={401} pageSize={25} total={10_025} totalCapped onPage={() => {}} />);
    expect(screen.getByRole('navigation').textContent).toContain('Showing 10,001–10,025 of 10,025+ results');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
