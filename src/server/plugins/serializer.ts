import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * Response serialization: each route's zod response schema is turned into JSON Schema once, at
 * start-up, and compiled by fast-json-stringify. Like zod's own encoder it writes only the
 * properties the schema declares (nothing a query selected by accident leaks), but it does not
 * validate: it writes the value in the declared type. A schema JSON Schema cannot express (a
 * transform, a custom check) keeps zod's encoder.
 *
 * With `verify` (the test suites), every response is serialized both ways and a difference is an
 * error, so the whole API suite proves the fast path writes what zod would have written and that
 * handlers return what their schemas say.
 */
export function createResponseSerializerCompiler({
  verify,
}: {
  verify: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route: RouteSchema) => {
    const exact = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const fast = compileFast(route.schema);
    if (!fast) return exact;
    if (!verify) {
      // A value the compiled branch selection refuses (fast-json-stringify validates anyOf branches)
      // is written by zod instead, which answers as before: the value, or its schema error.
      return (data: unknown) => {
        try {
          return fast(data);
        } catch {
          return exact(data);
        }
      };
    }
    return (data: unknown) => {
      const expected = exact(data);
      const written = fast(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The fast serializer of ${route.method} ${route.url} (${route.httpStatus}) writes ${written.slice(0, 300)} where the schema gives ${expected.slice(0, 300)}`,
        );
      }
      return written;
    };
  };
}

function compileFast(schema: unknown): ((data: unknown) => string) | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'throw', cycles: 'throw' });
    delete (json as { $schema?: string }).$schema;
    return fastJson(simplifyNullable(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return undefined;
  }
}

type Json = { [key: string]: unknown };
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes `.nullable()` as anyOf [T, null]; fast-json-stringify picks an anyOf branch by
 * validating the value at run time, which costs more than zod itself. A nullable plain type
 * (string, number, integer, boolean) becomes `type: [T, "null"]`, which it writes directly.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplifyNullable(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex(
      (branch) => isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = anyOf[1 - nullIndex];
    if (
      nullIndex >= 0 &&
      isObject(other) &&
      typeof other.type === 'string' &&
      ['string', 'number', 'integer', 'boolean'].includes(other.type) &&
      !('const' in other)
    ) {
      const { anyOf: _dropped, ...rest } = out;
      // an enum must list null too, or a validating branch elsewhere (a nullable object) refuses null
      return {
        ...rest,
        ...other,
        type: [other.type, 'null'],
        ...(Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {}),
      };
    }
  }
  return out;
}
