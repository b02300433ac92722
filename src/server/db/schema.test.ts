import { describe, expect, it } from 'vitest';
import { API_TOKEN_ROLES } from '../../domain/api-tokens';
import { USER_ROLES, USER_STATUSES } from '../../domain/auth';
import { JOB_STATUSES } from '../../domain/home';
import { DECLINE_REASONS, QUOTE_STATUSES } from '../../domain/quotes';
import { QUOTE_TYPES } from '../../domain/quote-templates';
import { REPAIR_PHASES } from '../../domain/repairs';
import { WEBHOOK_DELIVERY_STATUSES } from '../../domain/webhooks';
import { DB_ENUMS } from './schema';

// The database check constraints and the domain's lists must agree, or the API would accept a
// value the database refuses (a 500) or the other way round.
describe('schema enumerations match the domain', () => {
  it.each([
    ['user roles', DB_ENUMS.userRole, USER_ROLES],
    ['user statuses', DB_ENUMS.userStatus, USER_STATUSES],
    ['job statuses', DB_ENUMS.jobStatus, JOB_STATUSES],
    ['repair phases', DB_ENUMS.repairPhase, REPAIR_PHASES],
    ['quote statuses', DB_ENUMS.quoteStatus, QUOTE_STATUSES],
    ['sent quote types', DB_ENUMS.sentQuoteType, QUOTE_TYPES],
    ['decline reasons', DB_ENUMS.quoteDeclineReason, DECLINE_REASONS],
    ['API token roles', DB_ENUMS.apiTokenRole, API_TOKEN_ROLES],
    ['webhook delivery statuses', DB_ENUMS.webhookDeliveryStatus, WEBHOOK_DELIVERY_STATUSES],
  ])('%s', (_name, database, domain) => {
    expect([...database].sort()).toEqual([...domain].sort());
  });
});
