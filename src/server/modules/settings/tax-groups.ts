/** Settings > Tax Groups (issue 27): the repo and the routes. */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { isUuidV4 } from '../../../domain/ids.js';
import { allow } from '../../../domain/policy.js';
import {
  TAX_GROUP_MESSAGES,
  taxGroup,
  taxGroupInput,
  taxGroupList,
  updateTaxGroupInput,
  type TaxGroup,
  type TaxGroupInput,
  type UpdateTaxGroupInput,
} from '../../../domain/tax-groups.js';
import type { Database, Executor } from '../../db/client.js';
import { taxGroups } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';

const rateText = (rate: number) => rate.toFixed(3);

export function createTaxGroupsRepo(db: Executor) {
  const fields = {
    id: taxGroups.id,
    code: taxGroups.code,
    name: taxGroups.name,
    rate: taxGroups.rate,
    active: taxGroups.active,
  };
  async function codeTaken(code: string, exceptId: string | null): Promise<boolean> {
    const [row] = await db
      .select({ id: taxGroups.id })
      .from(taxGroups)
      .where(
        sql`upper(${taxGroups.code}) = upper(${code}) and (${exceptId}::uuid is null or ${taxGroups.id} <> ${exceptId}::uuid)`,
      )
      .limit(1);
    return Boolean(row);
  }
  const taken = () =>
    new AppError(409, 'CONFLICT', TAX_GROUP_MESSAGES.codeTaken, { code: TAX_GROUP_MESSAGES.codeTaken });
  return {
    async list(): Promise<TaxGroup[]> {
      return db.select(fields).from(taxGroups).orderBy(asc(taxGroups.code));
    },
    async create(input: TaxGroupInput): Promise<TaxGroup> {
      if (await codeTaken(input.code, null)) throw taken();
      const [row] = await db
        .insert(taxGroups)
        .values({ code: input.code, name: input.name, rate: rateText(input.rate), active: input.active })
        .returning(fields);
      return row!;
    },
    async update(id: string, input: UpdateTaxGroupInput): Promise<TaxGroup> {
      if (input.code !== undefined && (await codeTaken(input.code, id))) throw taken();
      const [row] = await db
        .update(taxGroups)
        .set({
          ...(input.code !== undefined && { code: input.code }),
          ...(input.name !== undefined && { name: input.name }),
          ...(input.rate !== undefined && { rate: rateText(input.rate) }),
          ...(input.active !== undefined && { active: input.active }),
          updatedAt: sql`now()`,
        })
        .where(eq(taxGroups.id, id))
        .returning(fields);
      if (!row) throw notFound(TAX_GROUP_MESSAGES.notFound);
      return row;
    },
  };
}

const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const params = z.object({ id: z.string().refine((v) => isUuidV4(v), 'Invalid tax group id') });

export function taxGroupsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = createTaxGroupsRepo(db);
  const managers = allow('taxGroups.manage');

  r.get('/api/settings/tax-groups', {
    config: managers,
    schema: {
      tags: ['settings'],
      summary: 'Sales tax groups, by code (admins and managers)',
      response: { 200: taxGroupList, ...errors },
    },
    handler: async () => ({ items: await repo.list() }),
  });
  r.post('/api/settings/tax-groups', {
    config: managers,
    schema: {
      tags: ['settings'],
      summary: 'Add a sales tax group: code (unique), name, rate (percent, up to 3 decimals), active',
      body: taxGroupInput,
      response: { 201: taxGroup, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await repo.create(request.body)),
  });
  r.patch('/api/settings/tax-groups/:id', {
    config: managers,
    schema: {
      tags: ['settings'],
      summary: 'Edit or deactivate a sales tax group (issued invoices keep the rate they were issued with)',
      params,
      body: updateTaxGroupInput,
      response: { 200: taxGroup, ...errors },
    },
    handler: async (request) => repo.update(request.params.id, request.body),
  });
}
