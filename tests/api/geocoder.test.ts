import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNominatimGeocoder } from '../../src/server/geocoder/geocoder.js';
import { startFakeNominatim } from '../support/fake-geocoder.js';
import { signInAs } from '../support/api.js';
import { createTestContext } from '../support/test-app.js';

type Fake = Awaited<ReturnType<typeof startFakeNominatim>>;
let fake: Fake;
let answer: { status?: number; body?: unknown; delayMs?: number } = {};
const address = { street: '100 Peachtree St NW', city: 'Atlanta', state: 'GA', zip: '30303' };

beforeAll(async () => {
  fake = await startFakeNominatim(() => answer);
});
afterAll(() => fake.close());

describe('the Nominatim geocoder adapter', () => {
  it('asks a structured search and reads the first hit', async () => {
    answer = { body: [{ lat: '33.7569', lon: '-84.3903', display_name: 'Peachtree' }] };
    const geocode = createNominatimGeocoder({ url: fake.url });
    expect(await geocode(address)).toEqual({ latitude: 33.7569, longitude: -84.3903 });
    const asked = fake.requests.at(-1)!;
    expect(asked.pathname).toBe('/search');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      street: '100 Peachtree St NW',
      city: 'Atlanta',
      state: 'GA',
      postalcode: '30303',
      format: 'jsonv2',
      limit: '1',
    });
  });

  it('falls back to free text when the structured search finds nothing', async () => {
    let n = 0;
    const local = await startFakeNominatim(() => (++n === 1 ? { body: [] } : { body: [{ lat: '34', lon: '-84' }] }));
    const geocode = createNominatimGeocoder({ url: `${local.url}/search` });
    expect(await geocode(address)).toEqual({ latitude: 34, longitude: -84 });
    expect(local.requests[1]!.searchParams.get('q')).toBe('100 Peachtree St NW, Atlanta, GA 30303');
    await local.close();
  });

  it('answers null, never an error, for no hit, an error status, nonsense, a timeout or no server', async () => {
    const errors: unknown[] = [];
    const geocode = createNominatimGeocoder({ url: fake.url, timeoutMs: 200, onError: (e) => errors.push(e) });
    answer = { body: [] };
    expect(await geocode(address)).toBeNull();
    answer = { status: 503, body: { error: 'busy' } };
    expect(await geocode(address)).toBeNull();
    answer = { body: [{ lat: 'north', lon: 'west' }] };
    expect(await geocode(address)).toBeNull();
    answer = { body: [{ lat: '123', lon: '10' }] };
    expect(await geocode(address)).toBeNull();
    answer = { body: [{ lat: '33', lon: '-84' }], delayMs: 1000 };
    const started = Date.now();
    expect(await geocode(address)).toBeNull();
    expect(Date.now() - started).toBeLessThan(900);
    const offline = createNominatimGeocoder({ url: 'http://127.0.0.1:9', timeoutMs: 500 });
    expect(await offline(address)).toBeNull();
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });
});

describe('saving with a geocoder that is down', () => {
  it('still saves the company, without coordinates', async () => {
    answer = { status: 500 };
    const ctx = await createTestContext({ config: { geocoderUrl: fake.url } });
    try {
      const api = await signInAs(ctx, 'user');
      const response = await api.call('POST', '/api/companies', {
        name: 'Offline Geo Co',
        address: '1 Main St',
        city: 'Atlanta',
        state: 'GA',
        zip: '30303',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ latitude: null, longitude: null });
      expect(fake.requests.at(-1)!.searchParams.get('street')).toBe('1 Main St');

      answer = { body: [{ lat: '33.1', lon: '-84.2' }] };
      const later = await api.call('POST', '/api/companies', {
        name: 'Online Geo Co',
        address: '2 Main St',
        city: 'Atlanta',
        state: 'GA',
        zip: '30303',
      });
      expect(later.json()).toMatchObject({ latitude: 33.1, longitude: -84.2 });
    } finally {
      await ctx.close();
    }
  });
});
