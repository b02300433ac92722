/**
 * Geocoding of customer addresses, so company and location pages can show a map: when an address is saved,
 * the server asks a Nominatim-compatible service (GEOCODER_URL) for its coordinates. A geocoder
 * never fails a save: no service configured, no network, a timeout or an odd answer all mean
 * "no coordinates" (null), and the map card then shows the address with "Map unavailable".
 */

export interface AddressToGeocode {
  street: string;
  city: string;
  state: string;
  zip: string;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Resolves an address to a point, or null. Must not throw. */
export type Geocoder = (address: AddressToGeocode) => Promise<GeoPoint | null>;

/** Used when GEOCODER_URL is not set. */
export const noGeocoder: Geocoder = async () => null;

export const GEOCODER_TIMEOUT_MS = 2500;

export interface NominatimOptions {
  /** Base URL of the service (".../search" is added unless the URL already ends with it). */
  url: string;
  /** The whole look-up, both attempts, must answer within this many milliseconds. */
  timeoutMs?: number;
  /** Nominatim's usage policy asks every client to identify itself. */
  userAgent?: string;
  fetch?: typeof fetch;
  onError?: (error: unknown) => void;
}

function searchUrl(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  if (!/\/search\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/$/, '')}/search`;
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', '1');
  return url.toString();
}

function firstPoint(body: unknown): GeoPoint | null {
  if (!Array.isArray(body) || body.length === 0) return null;
  const hit = body[0] as { lat?: unknown; lon?: unknown };
  const latitude = Number(hit.lat);
  const longitude = Number(hit.lon);
  if (hit.lat === undefined || hit.lon === undefined || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * A Nominatim client: a structured query (street, city, state, postal code) first and, when that
 * finds nothing, the same address as free text.
 */
export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  const headers = { accept: 'application/json', 'user-agent': options.userAgent ?? 'hvac-field-service (self-hosted)' };

  return async (address) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const ask = async (params: Record<string, string>) => {
      const response = await doFetch(searchUrl(options.url, params), { headers, signal });
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      return firstPoint(await response.json());
    };
    try {
      const structured = await ask({
        street: address.street,
        city: address.city,
        state: address.state,
        postalcode: address.zip,
        countrycodes: 'us',
      });
      if (structured) return structured;
      const line = [address.street, address.city, [address.state, address.zip].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ');
      return await ask({ q: line });
    } catch (error) {
      options.onError?.(error);
      return null;
    }
  };
}

interface SavedAddress {
  address: string;
  city: string;
  state: string;
  zip: string;
}
const sameAddress = (a: SavedAddress, b: SavedAddress) =>
  a.address === b.address && a.city === b.city && a.state === b.state && a.zip === b.zip;

/**
 * Coordinates to store with an address being saved: the previous ones when the address did not
 * change (and they were found), otherwise the geocoder's answer (null when it has none).
 */
export async function coordinatesFor(
  geocoder: Geocoder,
  next: SavedAddress,
  previous?: SavedAddress & { latitude: number | null; longitude: number | null },
): Promise<GeoPoint | null> {
  if (previous && sameAddress(next, previous) && previous.latitude !== null && previous.longitude !== null) {
    return { latitude: previous.latitude, longitude: previous.longitude };
  }
  return geocoder({ street: next.address, city: next.city, state: next.state, zip: next.zip });
}
