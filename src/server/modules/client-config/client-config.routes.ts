import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientConfig } from '../../../domain/customers.js';
import { projectRoot, type AppConfig } from '../../config.js';

/** The product's version, from package.json, read once (Help shows it). */
let version: string | undefined;
function productVersion(): string {
  if (version === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version?: unknown };
      version = typeof pkg.version === 'string' ? pkg.version : 'unknown';
    } catch {
      version = 'unknown';
    }
  }
  return version;
}

/** What the browser needs of the server's configuration (signed-in users): the map tile server, the version. */
export function clientConfigRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/config', {
    schema: {
      tags: ['config'],
      summary: 'Client configuration: the map tile URL template and the product version',
      response: { 200: clientConfig },
    },
    handler: async () => ({ mapTileUrl: config.mapTileUrl, version: productVersion() }),
  });
}
