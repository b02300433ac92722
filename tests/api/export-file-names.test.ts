import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

// 02:00 UTC on Nov 23 is still Nov 22 in the company's time zone (America/New_York by default).
let ctx: TestContext;
let api: ApiClient;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => new Date('2026-11-23T02:00:00Z') });
  api = await signInAs(ctx, 'admin');
});
afterAll(() => ctx.close());

describe('export file names carry the date in the company time zone', () => {
  it.each([
    ['/api/companies/export', 'companies-2026-11-22.xlsx'],
    ['/api/locations/export', 'locations-2026-11-22.xlsx'],
    ['/api/price-book/export', 'price-book-2026-11-22.xlsx'],
  ])('%s -> %s', async (url, fileName) => {
    const response = await api.call('GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  });
});
