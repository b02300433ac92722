import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AddressToGeocode, Geocoder, GeoPoint } from '../../src/server/geocoder/geocoder.js';

/**
 * An in-process geocoder for API tests: answers the point registered for a street, null for any
 * other address, and records every call.
 */
export function createFakeGeocoder(points: Record<string, GeoPoint> = {}) {
  const calls: AddressToGeocode[] = [];
  const geocoder: Geocoder = async (address) => {
    calls.push(address);
    return points[address.street] ?? null;
  };
  return { geocoder, calls, points };
}

/**
 * A tiny Nominatim-compatible HTTP server for the adapter's own tests: `/search` answers the
 * registered handler's JSON (or status), and every request URL is recorded.
 */
export async function startFakeNominatim(
  handler: (url: URL, request: IncomingMessage) => { status?: number; body?: unknown; delayMs?: number },
) {
  const requests: URL[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-geocoder');
    requests.push(url);
    const answer = handler(url, request);
    const send = () => {
      if (response.destroyed) return;
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body ?? []));
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The end-to-end servers' geocoder: any street on Peachtree is found (downtown Atlanta), anything
 * else is not, so a test can see both a map and "Map unavailable".
 */
export const e2eGeocoder: Geocoder = async (address) =>
  /peachtree/i.test(address.street) ? { latitude: 33.7596, longitude: -84.3877 } : null;
