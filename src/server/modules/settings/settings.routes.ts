import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { companySettings, managementTitle } from '../../../domain/settings.js';
import { allow } from '../../../domain/policy.js';
import { opportunitySettings } from '../../../domain/opportunities.js';
import type { SettingsRepo } from './settings.repo.js';

export const companySettingsAnswer = companySettings.extend({ managementTitle: z.string() });

export function settingsRoutes(app: FastifyInstance, { settings }: { settings: SettingsRepo }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/settings/company', {
    schema: {
      tags: ['settings'],
      summary: 'Company information (every signed-in user may read it)',
      response: { 200: companySettingsAnswer },
    },
    handler: async () => {
      const company = await settings.getCompany();
      return { ...company, managementTitle: managementTitle(company.name) };
    },
  });

  r.put('/api/settings/company', {
    config: allow('settings.manage'),
    schema: {
      tags: ['settings'],
      summary: 'Change the company information (admins and managers)',
      body: companySettings,
      response: { 200: companySettingsAnswer, 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request) => {
      await settings.putCompany(request.body);
      const company = await settings.getCompany();
      return { ...company, managementTitle: managementTitle(company.name) };
    },
  });

  r.get('/api/settings/opportunities', {
    schema: {
      tags: ['settings'],
      summary: "Service Opportunities' replacement threshold (every signed-in user may read it)",
      response: { 200: opportunitySettings },
    },
    handler: async () => settings.getOpportunities(),
  });

  r.put('/api/settings/opportunities', {
    config: allow('settings.manage'),
    schema: {
      tags: ['settings'],
      summary: 'Change the replacement threshold (admins and managers)',
      body: opportunitySettings,
      response: { 200: opportunitySettings, 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request) => {
      await settings.putOpportunities(request.body);
      return settings.getOpportunities();
    },
  });
}
