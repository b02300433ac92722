import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cn } from './cn';
import type { MapMarker } from './leaflet-map';
import { Spinner } from './spinner';

export type { MapMarker };

// The same lazily loaded Leaflet chunk as AddressMap.
const LazyMarkersMap = lazy(() => import('./leaflet-map').then((m) => ({ default: m.MarkersMap })));

/**
 * True once the element has come near the viewport: Leaflet (its chunk, its tiles and its work on
 * the main thread) loads only for a map that is seen, not below the fold of a phone (decision 042).
 */
function useSeen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

/** A map of many coloured markers with info windows (the dispatch board), fitted to them. */
export function MarkersMap({ className, ...props }: Parameters<typeof LazyMarkersMap>[0] & { className?: string }) {
  const [ref, seen] = useSeen<HTMLDivElement>();
  const loading = <Spinner label="Loading map..." className="h-full" />;
  return (
    // isolate: Leaflet's panes (z-index 400 to 1000) stay under the app's dialogs and drawers.
    <div
      ref={ref}
      className={cn('isolate w-full overflow-hidden rounded-md border border-slate-200', className ?? 'h-64')}
    >
      {seen ? (
        <Suspense fallback={loading}>
          <LazyMarkersMap {...props} />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}
