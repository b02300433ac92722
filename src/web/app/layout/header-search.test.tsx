import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderSearch } from './header-search';

/** A fetch whose answers the test releases one by one, in any order. */
function deferredFetch() {
  const calls: { q: string; signal: AbortSignal | undefined; answer: (title: string) => void }[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const q = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      calls.push({
        q,
        signal: init?.signal ?? undefined,
        answer: (title) =>
          resolve(
            new Response(
              JSON.stringify({
                companies: [{ id: `c-${q}`, title, subtitle: 'Atlanta, GA' }],
                locations: [],
                units: [],
                jobs: [],
                invoices: [],
              }),
              {
                headers: { 'content-type': 'application/json' },
              },
            ),
          ),
      });
    });
  });
  return { fetch, calls };
}

function renderSearch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HeaderSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox');
}

afterEach(() => vi.unstubAllGlobals());

describe('HeaderSearch while typing', () => {
  it('shows only the answer to the text in the box: a late answer to an older text is dropped and its request aborted', async () => {
    const { fetch, calls } = deferredFetch();
    vi.stubGlobal('fetch', fetch);
    const box = renderSearch();

    fireEvent.change(box, { target: { value: 'Su' } });
    await waitFor(() => expect(calls.map((c) => c.q)).toEqual(['su']));
    fireEvent.change(box, { target: { value: 'Sum' } });
    // Until the debounced text catches up nothing is listed for the new text.
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await waitFor(() => expect(calls.map((c) => c.q)).toEqual(['su', 'sum']));
    expect(calls[0]!.signal?.aborted).toBe(true);

    await act(async () => calls[1]!.answer('Summit Towers'));
    expect(await screen.findByRole('option', { name: /Summit Towers/ })).toBeTruthy();
    await act(async () => calls[0]!.answer('Sunrise Storage (older answer)'));
    expect(screen.queryByText(/older answer/)).toBeNull();
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('lists nothing from an older text while a newer one is typed (Enter cannot open a stale hit)', async () => {
    const { fetch, calls } = deferredFetch();
    vi.stubGlobal('fetch', fetch);
    const box = renderSearch();
    fireEvent.change(box, { target: { value: 'rtu' } });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.answer('RTU Holdings'));
    expect(await screen.findByRole('option', { name: /RTU Holdings/ })).toBeTruthy();
    fireEvent.change(box, { target: { value: 'rtu peach' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Searching...')).toBeTruthy();
  });
});
