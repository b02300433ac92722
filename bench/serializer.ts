import { serializerCompiler } from 'fastify-type-provider-zod';
import { paginated } from '../src/domain/api.js';
import { company } from '../src/domain/companies.js';
import { createResponseSerializerCompiler } from '../src/server/plugins/serializer.js';

/**
 * Serializing the load case's response (a 25-row companies page) with zod's encoder and with the
 * compiled fast serializer the server uses (src/server/plugins/serializer.ts): microseconds per page.
 */
export function serializerFigures(iterations = 20_000): { zodUs: number; fastUs: number } {
  const route = { schema: paginated(company), method: 'GET', url: '/api/companies', httpStatus: '200' } as never;
  const zodSerialize = serializerCompiler(route) as (data: unknown) => string;
  const fastSerialize = createResponseSerializerCompiler({ verify: false })(route) as (data: unknown) => string;
  const now = new Date().toISOString();
  const items = Array.from({ length: 25 }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Company ${i} Mechanical Services LLC`,
    address: `${100 + i} Peachtree St NE`,
    city: 'Atlanta',
    state: 'GA',
    zip: '30303',
    phone: i % 3 ? '(404) 555-0100' : null,
    latitude: i % 4 ? 33.75 + i / 1000 : null,
    longitude: i % 4 ? -84.39 - i / 1000 : null,
    createdAt: now,
    updatedAt: now,
  }));
  const page = { items, total: 12_000, totalCapped: false, page: 1, pageSize: 25 };
  if (zodSerialize(page) !== fastSerialize(page))
    throw new Error('the fast serializer writes another text than zod for the companies page');
  const time = (serialize: (data: unknown) => string) => {
    for (let i = 0; i < 2_000; i++) serialize(page); // warm up
    const started = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) serialize(page);
    return Number(process.hrtime.bigint() - started) / iterations / 1000;
  };
  return { zodUs: time(zodSerialize), fastUs: time(fastSerialize) };
}
