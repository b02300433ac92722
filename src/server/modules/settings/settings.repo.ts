import { eq } from 'drizzle-orm';
import { companySettings, DEFAULT_COMPANY_SETTINGS, type CompanySettings } from '../../../domain/settings.js';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema.js';

export const COMPANY_SETTINGS_KEY = 'company';

export function createSettingsRepo(db: Executor) {
  return {
    /** The company settings record, or the defaults when none is stored or it no longer parses. */
    async getCompany(): Promise<CompanySettings> {
      const [row] = await db.select().from(settings).where(eq(settings.key, COMPANY_SETTINGS_KEY)).limit(1);
      const parsed = companySettings.safeParse(row?.value);
      return parsed.success ? parsed.data : DEFAULT_COMPANY_SETTINGS;
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
