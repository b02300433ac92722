import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedOut, signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

/** What Help reads from the server (decision 040): the version, and the API documentation's page. */
let ctx: TestContext;
let technician: ApiClient;
beforeAll(async () => {
  ctx = await createTestContext();
  technician = await signInAs(ctx, 'technician');
});
afterAll(() => ctx.close());

describe('Help', () => {
  it("gives every signed-in user the product's version from package.json", async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const response = await technician.call('GET', '/api/config');
    expect(response.statusCode).toBe(200);
    expect(response.json().version).toBe(version);
    await signedOut(ctx).refused('GET', '/api/config', undefined, 401);
  });

  it('links to API documentation that signed-in users can open', async () => {
    const response = await technician.call('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty('/api/companies/{id}/report');
    const page = await technician.call('GET', '/api/docs');
    expect(page.statusCode).toBe(200);
  });
});
