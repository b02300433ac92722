import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

describe('AfterFirstPaint (decision 062)', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    frames = [];
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('draws the fallback until the task after the next frame, then the children', () => {
    render(<AfterFirstPaint fallback={<p>Loading</p>}>{<p>Cards</p>}</AfterFirstPaint>);
    expect(screen.getByText('Loading')).toBeTruthy();
    act(() => vi.advanceTimersByTime(50));
    // No frame yet: still the fallback.
    expect(screen.queryByText('Cards')).toBeNull();
    act(() => frames.forEach((frame) => frame(0)));
    expect(screen.queryByText('Cards')).toBeNull();
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByText('Cards')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('draws the children within a second when no frame is painted (a background tab)', () => {
    render(<AfterFirstPaint fallback={<p>Loading</p>}>{<p>Cards</p>}</AfterFirstPaint>);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText('Cards')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Cards')).toBeTruthy();
  });

  it('does not load a lazy child before then', () => {
    const load = vi.fn(() => new Promise<{ default: () => null }>(() => {}));
    const Lazy = lazy(load);
    render(
      <AfterFirstPaint fallback={<p>Loading</p>}>
        <Lazy />
      </AfterFirstPaint>,
    );
    expect(load).not.toHaveBeenCalled();
    act(() => {
      frames.forEach((frame) => frame(0));
      vi.advanceTimersByTime(0);
    });
    expect(load).toHaveBeenCalledTimes(1);
    // Suspense shows its fallback (the one drawn before is kept, hidden) until the code arrives.
    expect(screen.getAllByText('Loading').filter((p) => p.style.display !== 'none')).toHaveLength(1);
  });
});
