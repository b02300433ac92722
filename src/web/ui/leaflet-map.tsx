import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { escapeHtml } from '../../domain/quote-email';

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

/** Under Leaflet's map pane (z-index 400: markers and info windows draw over it), over the empty background. */
function TilesFailedNotice() {
  return (
    <p className="pointer-events-none absolute right-2 bottom-6 left-2 z-[390] rounded bg-white/90 px-2 py-1 text-center text-xs text-slate-600 shadow">
      Map unavailable: the map tiles could not be loaded
    </p>
  );
}

/** The lazily loaded Leaflet map behind AddressMap. */
export default function LeafletMap({
  latitude,
  longitude,
  tileUrl,
  label,
}: {
  latitude: number;
  longitude: number;
  tileUrl: string;
  label: string;
}) {
  // No network to the tile server: keep the marker, say so over the map.
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative h-full w-full" data-testid="address-map">
      <MapContainer
        center={[latitude, longitude]}
        zoom={MAP_ZOOM}
        scrollWheelZoom={false}
        className="h-full w-full"
        attributionControl
      >
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

/** A round marker as a DOM element: focusable (Leaflet's keyboard option gives it tabindex, role button and the title). */
function dotIcon(m: MapMarker): L.DivIcon {
  return L.divIcon({
    className: 'rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
    iconSize: [16, 16],
    iconAnchor: [8, 8],
    popupAnchor: [0, -8],
    html: `<span aria-hidden="true" style="display:block;width:16px;height:16px;border-radius:9999px;border:1.5px solid #1e293b;background:${escapeHtml(m.color)}"></span>`,
  });
}

/**
 * Fits the view to the markers (at most `maxZoom`), or to the default centre when there are none;
 * and again whenever the map's box changes size (a drawer, a panel, the window, a tablet turned):
 * Leaflet is told the new size (invalidateSize) first, or it keeps drawing for the old one.
 */
function FitToMarkers({
  markers,
  center,
  zoom,
  maxZoom,
}: {
  markers: readonly MapMarker[];
  center: [number, number];
  zoom: number;
  maxZoom: number;
}) {
  const map = useMap();
  const key = useMemo(() => markers.map((m) => `${m.latitude},${m.longitude}`).join(';'), [markers]);
  const fit = useRef<() => void>(() => undefined);
  fit.current = () => {
    if (markers.length === 0) map.setView(center, zoom, { animate: false });
    else
      map.fitBounds(L.latLngBounds(markers.map((m) => [m.latitude, m.longitude] as [number, number])), {
        maxZoom,
        animate: false,
        paddingTopLeft: [24, 24],
        paddingBottomRight: [24, 48],
      });
  };
  useEffect(() => {
    fit.current();
    // The markers' places are the key: a new array with the same places keeps the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key, maxZoom, zoom, center[0], center[1]]);
  useEffect(() => {
    const box = map.getContainer();
    let last = { width: box.clientWidth, height: box.clientHeight };
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const size = { width: box.clientWidth, height: box.clientHeight };
        if (size.width === last.width && size.height === last.height) return;
        last = size;
        map.invalidateSize({ animate: false });
        if (size.width > 0 && size.height > 0) fit.current();
      });
    });
    observer.observe(box);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [map]);
  return null;
}

/**
 * The markers are one stop in the tab order (a roving tabindex): Tab reaches the first, the arrow
 * keys (and Home, End) move between them, Enter opens the focused one's info window.
 */
function RovingMarkers({ version }: { version: unknown }) {
  const map = useMap();
  useEffect(() => {
    const pane = map.getPane('markerPane');
    if (!pane) return;
    const icons = () => [...pane.querySelectorAll<HTMLElement>('.leaflet-marker-icon[role="button"]')];
    const all = icons();
    const current = all.findIndex((el) => el.tabIndex === 0 && el === document.activeElement);
    all.forEach((el, i) => {
      el.tabIndex = i === Math.max(0, current) ? 0 : -1;
      // Named after its job (the title Leaflet set), also when Leaflet re-created the element.
      el.setAttribute('aria-label', el.title);
    });
    const onKey = (event: KeyboardEvent) => {
      const list = icons();
      const at = list.indexOf(event.target as HTMLElement);
      if (at === -1) return;
      const next = {
        ArrowRight: at + 1,
        ArrowDown: at + 1,
        ArrowLeft: at - 1,
        ArrowUp: at - 1,
        Home: 0,
        End: list.length - 1,
      }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      const target = list[(next + list.length) % list.length]!;
      list[at]!.tabIndex = -1;
      target.tabIndex = 0;
      target.focus();
    };
    pane.addEventListener('keydown', onKey);
    return () => pane.removeEventListener('keydown', onKey);
  }, [map, version]);
  return null;
}

/**
 * Many round markers with an info window each, fitted to the markers. Each marker is a focusable
 * element named after its job (the arrow keys move between them, Enter opens the info window).
 * Without a tile server (or when its tiles fail) the markers show on a plain background.
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
  const icons = useMemo(() => new Map(markers.map((m) => [m.id, dotIcon(m)])), [markers]);
  return (
    <div className="relative h-full w-full bg-slate-100" data-testid="markers-map" role="region" aria-label={label}>
      <MapContainer
        center={center}
        zoom={zoom}
        scrollWheelZoom={false}
        className="h-full w-full bg-slate-100"
        attributionControl
      >
        {tileUrl ? <Tiles tileUrl={tileUrl} onFailed={() => setFailed(true)} /> : null}
        <FitToMarkers markers={markers} center={center} zoom={zoom} maxZoom={maxFitZoom} />
        {markers.map((m) => (
          <Marker key={m.id} position={[m.latitude, m.longitude]} icon={icons.get(m.id)!} keyboard title={m.title}>
            <Popup>{m.popup}</Popup>
          </Marker>
        ))}
        <RovingMarkers version={icons} />
      </MapContainer>
      {failed ? <TilesFailedNotice /> : null}
    </div>
  );
}
