import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '../../src/domain/api-tokens.js';
import { signedOut, signInAs } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

// An API client's view (issue 31, decision 047): the types a client generates with
// openapi-typescript from the served document (fetched with an API token), and a small typed
// client call compiled against them with the TypeScript compiler. A mistyped field must fail to
// compile, so the types are real and not `any`.
let ctx: TestContext;
let dir: string;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await signInAs(ctx, 'admin');
  const made = await admin.call('POST', '/api/api-tokens', { name: 'Generator', role: 'read-only', expiresInDays: 30 });
  token = made.json<CreatedApiToken>().token;
  dir = mkdtempSync(path.join(os.tmpdir(), 'hvac-openapi-client-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The client's code: a typed GET over `paths`, as someone building on the API would write it. */
const CLIENT = `
import type { paths } from './api';

type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type GetPath = { [P in keyof paths]: paths[P] extends { get: unknown } ? P : never }[keyof paths];
type GetAnswer<P extends GetPath> = paths[P] extends { get: { responses: { 200: infer R } } } ? JsonOf<R> : never;
type GetQuery<P extends GetPath> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? Q : never;

export async function get<P extends GetPath>(base: string, token: string, path: P, query?: GetQuery<P>): Promise<GetAnswer<P>> {
  const search = new URLSearchParams(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)]));
  const response = await fetch(base + path + (search.size ? '?' + search.toString() : ''), {
    headers: { authorization: 'Bearer ' + token },
  });
  if (!response.ok) throw new Error(response.status + ' ' + (await response.text()));
  return (await response.json()) as GetAnswer<P>;
}

export async function companyNames(base: string, token: string): Promise<string[]> {
  const page = await get(base, token, '/api/companies', { page: 1, pageSize: 25 });
  const total: number = page.total;
  return total > 0 ? page.items.map((company) => company.name) : [];
}
`;

/** The same call with a field the API does not have: must not compile. */
const WRONG = CLIENT.replace('company.name', 'company.nmae');

function compile(files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const program = ts.createProgram({
    rootNames: Object.keys(files)
      .filter((name) => name !== 'api.ts')
      .map((name) => path.join(dir, name)),
    options: {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: true,
    },
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('a client generated from the served OpenAPI document', () => {
  it('type-checks a typed call, and refuses a field the API does not have', async () => {
    const served = await signedOut(ctx).call('GET', '/api/openapi.json', undefined, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.statusCode).toBe(200);
    const types = astToString(await openapiTS(served.json()));
    expect(types).toContain('"/api/companies"');

    expect(compile({ 'api.ts': types, 'client.ts': CLIENT })).toEqual([]);
    const wrong = compile({ 'api.ts': types, 'wrong.ts': WRONG });
    expect(wrong.join('\n')).toMatch(/nmae/);
  }, 60_000);
});
