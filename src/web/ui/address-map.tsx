import { MapPinOff } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';
import { useSeen } from './use-seen';

// Leaflet and its CSS are a chunk of their own, loaded only when a map is shown.
const LeafletMap = lazy(() => import('./leaflet-map'));

/**
 * A map of one address (zoom 16, a marker), or "Map unavailable" when the address has no
 * coordinates (no geocoder or no network when it was saved) or no tile server is known.
 */
export function AddressMap({
  latitude,
  longitude,
  tileUrl,
  label,
  className,
}: {
  latitude: number | null;
  longitude: number | null;
  tileUrl: string | undefined;
  label: string;
  className?: string;
}) {
  // isolate: Leaflet's panes (z-index 400 to 1000) stay under the app's fixed header, dialogs and drawers.
  const box = cn('isolate h-64 w-full overflow-hidden rounded-md border border-slate-200', className);
  if (latitude === null || longitude === null || !tileUrl) {
    return (
      <div
        className={cn(box, 'flex flex-col items-center justify-center gap-2 bg-slate-50 text-sm text-slate-500')}
        data-testid="map-unavailable"
      >
        <MapPinOff className="h-6 w-6" aria-hidden />
        <span>Map unavailable</span>
      </div>
    );
  }
  return (
    <SeenMap className={box}>
      <Suspense fallback={<Spinner label="Loading map..." className="h-full" />}>
        <LeafletMap latitude={latitude} longitude={longitude} tileUrl={tileUrl} label={label} />
      </Suspense>
    </SeenMap>
  );
}

/** The map's box; what it holds (Leaflet) is mounted once the box comes near the viewport (useSeen). */
function SeenMap({ className, children }: { className: string; children: ReactNode }) {
  const [ref, seen] = useSeen<HTMLDivElement>();
  return (
    <div ref={ref} className={className}>
      {seen ? children : null}
    </div>
  );
}
