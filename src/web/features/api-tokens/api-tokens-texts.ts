import type { ApiTokenRole, ApiTokenState } from '../../../domain/api-tokens';

/** The words of Settings > API Tokens (decision 047). */
export const API_TOKEN_TEXTS = {
  title: 'API Tokens',
  forbidden: 'Only admins can manage API tokens.',
  subtitle: 'Let other software (accounting, facility-management platforms, scripts) call this API',
  createTitle: 'Create API Token',
  create: 'Create Token',
  creating: 'Creating...',
  createFailed: 'Failed to create the API token',
  listTitle: 'Tokens',
  loadFailed: 'Failed to load API tokens',
  empty: 'No API tokens yet. Create one above to connect another application.',
  newTokenTitle: 'Copy your new token now',
  newTokenNote: 'It will not be shown again. Store it in the other application, then close this panel.',
  newTokenLabel: 'New API token',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the token and copy it yourself',
  done: 'Done',
  usage: 'Send it as the header Authorization: Bearer <token>.',
  revoke: 'Revoke',
  revokeTitle: (name: string) => `Revoke API token "${name}"?`,
  revokeDescription:
    'Every application using it is refused from its next request on. This cannot be undone: create a new token to reconnect.',
  revokeConfirm: 'Revoke Token',
  revokeFailed: 'Failed to revoke the API token',
  never: 'Never',
  notUsed: 'Not used yet',
  docsTitle: 'OpenAPI Document',
  docsPublic: 'Publish the API description at /api/openapi.json without signing in',
  docsHint: 'Off: only signed-in users and API tokens can read it. The document describes the routes, never any data.',
  docsLink: 'Open the OpenAPI document',
  docsFailed: 'Failed to save the OpenAPI setting',
} as const;

export const ROLE_LABELS: Record<ApiTokenRole, string> = {
  'read-only': 'Read-only',
  office: 'Office',
  admin: 'Admin',
};

export const ROLE_HINTS: Record<ApiTokenRole, string> = {
  'read-only': 'Reads what office staff may read; cannot change anything.',
  office: 'Does what office staff may: customers, jobs, quotes, invoices.',
  admin: 'Does what an admin may, settings and users included.',
};

/** The expiry choices: days, or "never". */
export const EXPIRY_CHOICES: { value: string; label: string }[] = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
  { value: 'never', label: 'Never' },
];

export const STATE_LABELS: Record<ApiTokenState, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};
