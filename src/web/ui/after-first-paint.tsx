import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * True from the task after the frame that painted the component (decision 062). What a screen
 * does not need for its first view (a card below the Summary, a tab not shown) is drawn from then
 * on, so its code, loaded on first use, is fetched once the screen has painted instead of before.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A transition: React draws the parts in slices, between which the page answers a tap.
    const reveal = () => startTransition(() => setPainted(true));
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(reveal);
    });
    // A page opened in a background tab paints no frame until it is shown: its parts load anyway.
    const hidden = setTimeout(reveal, 1000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(hidden);
    };
  }, [painted]);
  return painted;
}

/** `children` from the task after the first paint, once their code has loaded; `fallback` until then. */
export function AfterFirstPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const painted = useAfterFirstPaint();
  return <Suspense fallback={fallback}>{painted ? children : fallback}</Suspense>;
}
