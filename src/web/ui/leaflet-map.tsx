import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';

/** Street level: the building and the streets around it. */
const MAP_ZOOM = 16;

// Leaflet finds its default marker images through CSS, which bundling breaks: name them here.
const markerIconDefinition = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

/** The configured tiles; when they cannot be loaded the markers stay and the map says so. */
function Tiles({ tileUrl, onFailed }: { tileUrl: string; onFailed: () => void }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <TileLayer
      url={tileUrl}
      attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
      eventHandlers={{
        tileload: () => setLoaded(true),
        tileerror: () => {
          if (!loaded) onFailed();
        },
      }}
    />
  );
}

function TilesFailedNotice() {
  return (
    <p className="pointer-events-none absolute bottom-6 left-2 right-2 z-[1000] rounded bg-white/90 px-2 py-1 text-center text-xs text-slate-600 shadow">
      Map unavailable: the map tiles could not be loaded
    </p>
  );
}

/** The lazily loaded Leaflet map behind AddressMap. */
export default function LeafletMap({ latitude, longitude, tileUrl, label }: { latitude: number; longitude: number; tileUrl: string; label: string }) {
  // No network to the tile server: keep the marker, say so over the map.
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative h-full w-full" data-testid="address-map">
      <MapContainer center={[latitude, longitude]} zoom={MAP_ZOOM} scrollWheelZoom={false} className="h-full w-full" attributionControl>
        <Tiles tileUrl={tileUrl} onFailed={() => setFailed(true)} />
        <Marker position={[latitude, longitude]} icon={markerIconDefinition} alt={label} title={label} />
      </MapContainer>
      {failed ? <TilesFailedNotice /> : null}
    </div>
  );
}

export interface MapMarker {
  id: string;
  latitude: number;
  longitude: number;
  /** fill colour of the round marker */
  color: string;
  title: string;
  /** the info window's content */
  popup: ReactNode;
}

/** Fits the view to the markers (at most `maxZoom`), or to the default centre when there are none. */
function FitToMarkers({ markers, center, zoom, maxZoom }: { markers: readonly MapMarker[]; center: [number, number]; zoom: number; maxZoom: number }) {
  const map = useMap();
  const key = useMemo(() => markers.map((m) => `${m.latitude},${m.longitude}`).join(';'), [markers]);
  useEffect(() => {
    if (markers.length === 0) map.setView(center, zoom);
    else map.fitBounds(L.latLngBounds(markers.map((m) => [m.latitude, m.longitude] as [number, number])), { maxZoom, paddingTopLeft: [24, 24], paddingBottomRight: [24, 48] });
    // The markers' places are the key: a new array with the same places keeps the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key, maxZoom, zoom, center[0], center[1]]);
  return null;
}

/**
 * Many round markers (drawn on a canvas: thousands stay fast) with an info window each, fitted to
 * the markers. Without a tile server the markers show on a plain background.
 */
export function MarkersMap({
  markers,
  center,
  zoom,
  maxFitZoom,
  tileUrl,
  label,
}: {
  markers: readonly MapMarker[];
  center: [number, number];
  zoom: number;
  maxFitZoom: number;
  tileUrl: string | undefined;
  label: string;
}) {
  const [failed, setFailed] = useState(false);
  const renderer = useMemo(() => L.canvas({ padding: 0.5 }), []);
  return (
    <div className="relative h-full w-full bg-slate-100" data-testid="markers-map" role="region" aria-label={label}>
      <MapContainer center={center} zoom={zoom} scrollWheelZoom={false} className="h-full w-full bg-slate-100" attributionControl renderer={renderer}>
        {tileUrl ? <Tiles tileUrl={tileUrl} onFailed={() => setFailed(true)} /> : null}
        <FitToMarkers markers={markers} center={center} zoom={zoom} maxZoom={maxFitZoom} />
        {markers.map((m) => (
          <CircleMarker key={m.id} center={[m.latitude, m.longitude]} radius={7} pathOptions={{ color: '#1e293b', weight: 1, fillColor: m.color, fillOpacity: 0.9 }}>
            <Popup>{m.popup}</Popup>
          </CircleMarker>
        ))}
      </MapContainer>
      {failed ? <TilesFailedNotice /> : null}
    </div>
  );
}
