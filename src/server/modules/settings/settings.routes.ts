import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySettings, managementTitle } from '../../../domain/settings.js';
import type { SettingsRepo } from './settings.repo.js';

export const companySettingsAnswer = companySettings.extend({ managementTitle: z.string() });

export function settingsRoutes(app: FastifyInstance, { settings }: { settings: SettingsRepo }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/settings/company', {
    schema: { tags: ['settings'], summary: 'Company information (every signed-in user may read it)', response: { 200: companySettingsAnswer } },
    handler: async () => {
      const company = await settings.getCompany();
      return { ...company, managementTitle: managementTitle(company.name) };
    },
  });
}
