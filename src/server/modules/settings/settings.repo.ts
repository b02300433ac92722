import { eq } from 'drizzle-orm';
import { dateInZone } from '../../../domain/dates.js';
import { toCents } from '../../../domain/money.js';
import {
  companySettings,
  DEFAULT_AGREEMENT_LEAD_DAYS,
  DEFAULT_COMPANY_SETTINGS,
  type CompanySettings,
} from '../../../domain/settings.js';
import {
  DEFAULT_OPPORTUNITY_SETTINGS,
  opportunitySettings,
  type OpportunitySettings,
} from '../../../domain/opportunities.js';
import { apiAccessSettings, DEFAULT_API_ACCESS_SETTINGS, type ApiAccessSettings } from '../../../domain/api-tokens.js';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema.js';

export const COMPANY_SETTINGS_KEY = 'company';
/** Service Opportunities' replacement threshold (decision 039). */
export const OPPORTUNITY_SETTINGS_KEY = 'opportunities';
/** Whether the OpenAPI document is public (decision 047). */
export const API_ACCESS_SETTINGS_KEY = 'api_access';

export function createSettingsRepo(db: Executor) {
  /** The company settings record, or the defaults when none is stored or it no longer parses. */
  async function getCompany(): Promise<CompanySettings> {
    const [row] = await db.select().from(settings).where(eq(settings.key, COMPANY_SETTINGS_KEY)).limit(1);
    const parsed = companySettings.safeParse(row?.value);
    return parsed.success ? parsed.data : DEFAULT_COMPANY_SETTINGS;
  }
  /** The company's time zone (Settings > Company): every date the company sees is in it. */
  const timeZone = async (): Promise<string> => (await getCompany()).time_zone;

  return {
    getCompany,
    timeZone,

    /**
     * Today's date (YYYY-MM-DD) in the company's time zone at this instant: the server's one way
     * to ask (the rule itself is dateInZone in src/domain/dates.ts, which takes the zone).
     */
    async today(at: Date): Promise<string> {
      return dateInZone(at, await timeZone());
    },

    /** How many days ahead service agreement visits become jobs (Settings > Company; default 30). */
    async agreementLeadDays(): Promise<number> {
      return (await getCompany()).agreement_lead_days ?? DEFAULT_AGREEMENT_LEAD_DAYS;
    },

    /** What an hour of labor costs the company in cents (Settings > Company), or null when not set. */
    async laborCostCentsPerHour(): Promise<number | null> {
      const value = (await getCompany()).labor_cost_per_hour;
      return value ? toCents(value) : null;
    },

    /** The replacement threshold, or the default when none is stored or it no longer parses. */
    async getOpportunities(): Promise<OpportunitySettings> {
      const [row] = await db.select().from(settings).where(eq(settings.key, OPPORTUNITY_SETTINGS_KEY)).limit(1);
      const parsed = opportunitySettings.safeParse(row?.value);
      return parsed.success ? parsed.data : DEFAULT_OPPORTUNITY_SETTINGS;
    },

    async putOpportunities(value: OpportunitySettings): Promise<void> {
      await db
        .insert(settings)
        .values({ key: OPPORTUNITY_SETTINGS_KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },

    /** Settings > API Tokens: whether /api/openapi.json is public; off when none is stored. */
    async getApiAccess(): Promise<ApiAccessSettings> {
      const [row] = await db.select().from(settings).where(eq(settings.key, API_ACCESS_SETTINGS_KEY)).limit(1);
      const parsed = apiAccessSettings.safeParse(row?.value);
      return parsed.success ? parsed.data : DEFAULT_API_ACCESS_SETTINGS;
    },

    async putApiAccess(value: ApiAccessSettings): Promise<void> {
      await db
        .insert(settings)
        .values({ key: API_ACCESS_SETTINGS_KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },

    async putCompany(value: CompanySettings): Promise<void> {
      await db
        .insert(settings)
        .values({ key: COMPANY_SETTINGS_KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
