import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog';

function Shown({ open, text }: { open: boolean; text: string }) {
  return <p>{open ? text : `${text} (closed)`}</p>;
}

describe('lazyDialog (decision 057)', () => {
  it('loads the dialog on its first opening and keeps it mounted after it closes', async () => {
    const load = vi.fn(async () => ({ Shown }));
    const Dialog = lazyDialog(load, 'Shown');
    const { rerender } = render(<Dialog open={false} text="Send Quote" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/Send Quote/)).toBeNull();
    rerender(<Dialog open text="Send Quote" />);
    expect(await screen.findByText('Send Quote')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => rerender(<Dialog open={false} text="Send Quote" />));
    expect(screen.getByText('Send Quote (closed)')).toBeTruthy();
  });
});
