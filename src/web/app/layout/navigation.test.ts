import { describe, expect, it } from 'vitest';
import { groupForPath } from './navigation';

describe('the open sidebar group follows the route', () => {
  it.each([
    ['/', 'home'],
    ['/scan', 'scan'],
    ['/companies', 'customers'],
    ['/companies/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/edit', 'customers'],
    ['/units/abc', 'customers'],
    ['/jobs/dispatch', 'jobs'],
    ['/jobs/123', 'jobs'],
    ['/invoices/paid', 'invoices'],
    ['/invoices/payments', 'invoices'],
    ['/quotes/templates', 'quotes'],
    ['/item-prices', 'pricing'],
    ['/agreements', 'agreements'],
    ['/agreements/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/edit', 'agreements'],
    ['/settings', 'settings'],
    ['/technicians/add', 'settings'],
    ['/account', undefined],
  ])('%s -> %s', (path, group) => {
    expect(groupForPath(path)).toBe(group);
  });
});
