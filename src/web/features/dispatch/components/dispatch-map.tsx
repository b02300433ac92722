import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import type { BoardJob } from '../../../../domain/dispatch';
import { ATLANTA } from '../../../../domain/dispatch-board';
import { useClientConfig } from '../../../lib/client-config';
import { MarkersMap, type MapMarker } from '../../../ui/markers-map';
import { DISPATCH_TEXTS, STATUS_LABELS } from '../dispatch-texts';
import { formatCount } from '../../../lib/format';

/** Marker colours: scheduled blue, unscheduled amber, completed green, cancelled red, other grey. */
export const MARKER_COLORS: Record<string, string> = {
  scheduled: '#2563eb',
  unscheduled: '#f59e0b',
  completed: '#16a34a',
  cancelled: '#dc2626',
};
const OTHER = '#64748b';
export const markerColor = (status: string) => MARKER_COLORS[status] ?? OTHER;

const LEGEND = [
  ...Object.entries(MARKER_COLORS).map(([status, color]) => ({
    label: STATUS_LABELS[status as keyof typeof STATUS_LABELS],
    color,
  })),
  { label: 'Other', color: OTHER },
];

/** The board's jobs on the map (those with coordinates), centred on Atlanta until it fits them (up to zoom 15). */
export const DispatchMap = memo(function DispatchMap({ jobs }: { jobs: readonly BoardJob[] }) {
  const config = useClientConfig();
  const markers = useMemo<MapMarker[]>(
    () =>
      jobs
        .filter((j) => j.latitude !== null && j.longitude !== null)
        .map((j) => ({
          id: j.id,
          latitude: j.latitude!,
          longitude: j.longitude!,
          color: markerColor(j.status),
          title: `Job #${j.number} ${j.name}`,
          popup: (
            // Spans, not paragraphs: Leaflet's popup CSS gives paragraphs wide margins, and the map is short.
            <div className="space-y-0.5 text-sm leading-5">
              <Link to={`/jobs/${j.id}`} className="block font-semibold text-blue-700 hover:underline">
                Job #{j.number} {j.name}
              </Link>
              <span className="block text-slate-700">{j.locationName || DISPATCH_TEXTS.noLocation}</span>
              {j.unitNumber ? <span className="block text-slate-700">Unit {j.unitNumber}</span> : null}
              <span className="block text-slate-600">{STATUS_LABELS[j.status]}</span>
            </div>
          ),
        })),
    [jobs],
  );
  return (
    <div className="space-y-1">
      <MarkersMap
        markers={markers}
        center={[ATLANTA.lat, ATLANTA.lng]}
        zoom={ATLANTA.zoom}
        maxFitZoom={ATLANTA.maxFitZoom}
        tileUrl={config.isPending ? undefined : config.data?.mapTileUrl}
        label="Map of the board's jobs"
        className="h-48 xl:h-64"
      />
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700" aria-label="Map legend">
        {LEGEND.map((l) => (
          <li key={l.label} className="flex items-center gap-1">
            <span
              className="inline-block h-2.5 w-2.5 rounded-full border border-slate-700"
              style={{ backgroundColor: l.color }}
              aria-hidden
            />
            {l.label}
          </li>
        ))}
        <li className="text-slate-600">{formatCount(markers.length)} on the map</li>
      </ul>
    </div>
  );
});
