import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useState } from 'react';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';

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

/** The lazily loaded Leaflet map behind AddressMap. */
export default function LeafletMap({ latitude, longitude, tileUrl, label }: { latitude: number; longitude: number; tileUrl: string; label: string }) {
  // No network to the tile server: keep the marker, say so over the map.
  const [tiles, setTiles] = useState<'loading' | 'ok' | 'failed'>('loading');
  return (
    <div className="relative h-full w-full" data-testid="address-map">
      <MapContainer center={[latitude, longitude]} zoom={MAP_ZOOM} scrollWheelZoom={false} className="h-full w-full" attributionControl>
        <TileLayer
          url={tileUrl}
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
          eventHandlers={{
            tileload: () => setTiles('ok'),
            tileerror: () => setTiles((current) => (current === 'ok' ? current : 'failed')),
          }}
        />
        <Marker position={[latitude, longitude]} icon={markerIconDefinition} alt={label} title={label} />
      </MapContainer>
      {tiles === 'failed' ? (
        <p className="pointer-events-none absolute bottom-6 left-2 right-2 z-[1000] rounded bg-white/90 px-2 py-1 text-center text-xs text-slate-600 shadow">
          Map unavailable: the map tiles could not be loaded
        </p>
      ) : null}
    </div>
  );
}
