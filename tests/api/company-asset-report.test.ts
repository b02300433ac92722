import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/domain/auth.js';
import type { CompanyReport } from '../../src/domain/company-report.js';
import { MISSING_ID, signedOut, signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

/**
 * The company asset report (issue 28 point 5, decision 040): every unit by location with the
 * figures of its latest inspection, last service, open repairs and quotes and the last 12 months,
 * as JSON, PDF and .xlsx; readable by every signed-in role.
 */
const NOW = new Date('2026-11-22T15:00:00Z');
let ctx: TestContext;
const as = {} as Record<UserRole, ApiClient>;
let companyId: string;
let emptyCompanyId: string;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  for (const role of ['admin', 'manager', 'user', 'technician'] as const) as[role] = await signInAs(ctx, role);
  const f = ctx.f;

  const company = await f.company({ name: 'Report Co' });
  companyId = company.id;
  emptyCompanyId = (await f.company({ name: 'Empty Report Co' })).id;
  const center = await f.location({ companyId, name: 'A Center' });
  const plaza = await f.location({ companyId, name: 'B Plaza' });
  await f.location({ companyId, name: 'C No Units' });
  const rtu1 = await f.unit({ locationId: center.id, unitNumber: 'RTU-1' });
  await f.unit({ locationId: center.id, unitNumber: 'RTU-3' });
  await f.unit({ locationId: plaza.id, unitNumber: 'RTU-2', status: 'inactive' });
  const on = { locationId: center.id, unitId: rtu1.id };

  // Completed in March: the older inspection, an issued invoice; a draft and a void one do not count.
  const job1 = await f.job({
    ...on,
    status: 'completed',
    createdAt: new Date('2026-03-01T15:00:00Z'),
    completedAt: new Date('2026-03-05T15:00:00Z'),
  });
  await f.inspection(job1.id, {
    tonnage: '3',
    age: 8,
    systemType: 'RTU',
    unitType: 'Gas',
    createdAt: new Date('2026-03-01T16:00:00Z'),
  });
  await f.invoice(job1, { amount: '1200.00', status: 'issued', issuedDate: '2026-03-05' });
  await f.invoice(job1, { amount: '50.00', status: 'draft' });
  await f.invoice(job1, { amount: '75.00', status: 'void', issuedDate: '2026-03-05' });

  // Completed in September at 16:00 New York time: the latest inspection, an open repair and quote.
  const job2 = await f.job({
    ...on,
    status: 'completed',
    createdAt: new Date('2026-09-01T15:00:00Z'),
    completedAt: new Date('2026-09-10T20:00:00Z'),
  });
  const latest = await f.inspection(job2.id, {
    tonnage: '5',
    age: 9,
    systemType: 'RTU',
    unitType: 'Electric',
    createdAt: new Date('2026-09-02T15:00:00Z'),
  });
  await f.repair({ jobId: job2.id, inspectionId: latest.id }, { totalCost: '2500.00' });
  await f.quote(job2, {
    amount: '2500.00',
    createdAt: new Date('2026-11-20T15:00:00Z'),
    expiresAt: new Date('2026-12-20T15:00:00Z'),
  });
  await f.invoice(job2, { amount: '300.00', status: 'paid', issuedDate: '2026-09-10', paidDate: '2026-09-20' });

  // Before the 12 months: its declined repair and its paid invoice do not count.
  const job3 = await f.job({
    ...on,
    status: 'completed',
    createdAt: new Date('2025-06-01T15:00:00Z'),
    completedAt: new Date('2025-06-05T15:00:00Z'),
  });
  const old = await f.inspection(job3.id, { tonnage: '2', age: 7, createdAt: new Date('2025-06-01T16:00:00Z') });
  await f.repair({ jobId: job3.id, inspectionId: old.id }, { totalCost: '700.00' });
  await f.quote(job3, {
    status: 'declined',
    amount: '700.00',
    decidedAt: new Date('2025-06-10T15:00:00Z'),
    declineReason: 'too_expensive',
    createdAt: new Date('2025-06-05T15:00:00Z'),
  });
  await f.invoice(job3, { amount: '999.00', status: 'paid', issuedDate: '2025-06-05', paidDate: '2025-06-06' });

  // Cancelled: not one of the 12 months' jobs. Scheduled: counted, with an unquoted repair (open).
  await f.job({ ...on, status: 'cancelled', createdAt: new Date('2026-10-01T15:00:00Z') });
  const job5 = await f.job({
    ...on,
    status: 'scheduled',
    scheduleStart: new Date('2026-12-01T15:00:00Z'),
    createdAt: new Date('2026-11-01T15:00:00Z'),
  });
  // An expired quote (its link ran out) is not open, whatever its stored status.
  const fresh = await f.inspection(job5.id, { createdAt: new Date('2026-08-01T15:00:00Z') });
  await f.repair({ jobId: job5.id, inspectionId: fresh.id }, { totalCost: '400.00' });
  await f.quote(job5, {
    amount: '400.00',
    createdAt: new Date('2026-10-01T15:00:00Z'),
    expiresAt: new Date('2026-10-31T15:00:00Z'),
  });

  // Another company's unit and job never show.
  const other = await f.unit({ unitNumber: 'OTHER-1' });
  await f.job({ locationId: other.locationId, unitId: other.id, createdAt: new Date('2026-11-01T15:00:00Z') });
});
afterAll(() => ctx.close());

const reportOf = async (api: ApiClient, id = companyId): Promise<CompanyReport> => {
  const response = await api.call('GET', `/api/companies/${id}/report`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CompanyReport;
};

describe('GET /api/companies/:id/report', () => {
  it('lists every unit by location (by name, then unit number) with its figures', async () => {
    const report = await reportOf(as.user);
    expect(report.company.name).toBe('Report Co');
    expect(report.generatedOn).toBe('2026-11-22');
    expect(report.periodStart).toBe('2025-11-22');
    expect(report.locations.map((l) => [l.name, l.units.map((u) => u.unitNumber)])).toEqual([
      ['A Center', ['RTU-1', 'RTU-3']],
      ['B Plaza', ['RTU-2']],
    ]);
    const rtu1 = report.locations[0]!.units[0]!;
    expect(rtu1).toMatchObject({
      status: 'active',
      // the latest inspection by time (job 5's was made earlier than job 2's)
      systemType: 'RTU',
      unitType: 'Electric',
      tonnage: '5',
      age: 9,
      inspectedOn: '2026-09-02',
      lastServiceDate: '2026-09-10',
      openRepairs: { count: 2, valueCents: 290_000 },
      openQuotes: { count: 1, valueCents: 250_000 },
      jobsLast12Months: 3,
      invoicedLast12MonthsCents: 150_000,
    });
    expect(report.locations[0]!.units[1]).toMatchObject({
      inspectedOn: null,
      lastServiceDate: null,
      openRepairs: { count: 0, valueCents: 0 },
      openQuotes: { count: 0, valueCents: 0 },
      jobsLast12Months: 0,
      invoicedLast12MonthsCents: 0,
    });
    expect(report.locations[1]!.units[0]!.status).toBe('inactive');
    expect(report.totals).toEqual({
      units: 3,
      activeUnits: 2,
      openRepairs: { count: 2, valueCents: 290_000 },
      openQuotes: { count: 1, valueCents: 250_000 },
      jobsLast12Months: 3,
      invoicedLast12MonthsCents: 150_000,
    });
  });

  it('says an empty company has no units', async () => {
    const report = await reportOf(as.user, emptyCompanyId);
    expect(report.locations).toEqual([]);
    expect(report.totals.units).toBe(0);
  });

  it('answers 404 for an unknown company and 400 for a malformed id', async () => {
    await as.user.refused('GET', `/api/companies/${MISSING_ID}/report`, undefined, 404, 'Company not found');
    await as.user.refused('GET', '/api/companies/nope/report', undefined, 400, 'Invalid company ID format');
    await as.user.refused('GET', `/api/companies/${MISSING_ID}/report/pdf`, undefined, 404, 'Company not found');
    await as.user.refused('GET', `/api/companies/${MISSING_ID}/report/export`, undefined, 404, 'Company not found');
  });

  it('is readable by every role (technicians read customers) and not signed out', async () => {
    for (const role of ['admin', 'manager', 'user', 'technician'] as const) {
      for (const suffix of ['', '/pdf', '/export']) {
        const response = await as[role].call('GET', `/api/companies/${companyId}/report${suffix}`);
        expect(response.statusCode, `${role} ${suffix}`).toBe(200);
      }
    }
    const response = await signedOut(ctx).call('GET', `/api/companies/${companyId}/report`);
    expect(response.statusCode).toBe(401);
  });
});

describe('the PDF and the spreadsheet', () => {
  it('downloads a PDF with every unit and the figures', async () => {
    const response = await as.technician.call('GET', `/api/companies/${companyId}/report/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="report-co-asset-report-2026-11-22.pdf"',
    );
    const doc = await PDFDocument.load(response.rawPayload);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'asset-report-')), 'report.pdf');
    writeFileSync(file, response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'ASSET REPORT',
      'Report Co',
      'A Center',
      'B Plaza',
      'RTU-1',
      'RTU-2',
      'RTU-3',
      'Inactive',
      '09/10/2026',
      '2 / $2,900.00',
      '1 / $2,500.00',
      '$1,500.00',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('OTHER-1');
  });

  it('says so in the PDF of a company with no units', async () => {
    const response = await as.user.call('GET', `/api/companies/${emptyCompanyId}/report/pdf`);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'asset-report-')), 'empty.pdf');
    writeFileSync(file, response.rawPayload);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('This company has no units yet.');
  });

  it('downloads an .xlsx with one row per unit', async () => {
    const response = await as.user.call('GET', `/api/companies/${companyId}/report/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="report-co-asset-report-2026-11-22.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Location',
      'Address',
      'Unit Number',
      'Status',
      'Type',
      'Tonnage',
      'Age (years)',
      'Last Service',
      'Open Repair Options',
      'Open Repairs Value',
      'Open Quotes',
      'Open Quotes Value',
      'Jobs (12 mo.)',
      'Invoiced (12 mo.)',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['A Center', 'RTU-1', 'Active'],
      ['A Center', 'RTU-3', 'Active'],
      ['B Plaza', 'RTU-2', 'Inactive'],
    ]);
    const rtu1 = rows[1]!;
    expect(rtu1[7]).toEqual(new Date('2026-09-10T00:00:00Z'));
    expect(rtu1.slice(8)).toEqual([2, 2900, 1, 2500, 3, 1500]);
  });
});
