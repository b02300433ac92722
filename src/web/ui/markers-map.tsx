import { lazy, Suspense } from 'react';
import { cn } from './cn';
import type { MapMarker } from './leaflet-map';
import { Spinner } from './spinner';
import { useSeen } from './use-seen';

export type { MapMarker };

// The same lazily loaded Leaflet chunk as AddressMap.
const LazyMarkersMap = lazy(() => import('./leaflet-map').then((m) => ({ default: m.MarkersMap })));

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
