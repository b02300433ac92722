import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Inspection, InspectionQuoteState } from '../../../domain/inspections';
import {
  repairCostsFromInput,
  repairInput,
  repairTotalCents,
  REPAIR_PHASE_LABELS,
  type Repair,
  type RepairSummary,
} from '../../../domain/repairs';
import { Toaster } from '../../ui/toast';
import { InspectionRepairTab } from './inspection-repair-tab';

const JOB_ID = '11111111-1111-4111-8111-111111111111';
let nextId = 1;
const uuid = () => `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake of the inspections API, in memory, with the server's answers and refusals. */
class FakeApi {
  inspections: Inspection[] = [];
  calls: Call[] = [];
  quote: InspectionQuoteState = { quoteSentAt: null, lastChangedAt: null, changedSinceQuote: false };
  failures = new Map<string, { status: number; body: unknown }>();

  add(fields: Partial<Inspection> = {}): Inspection {
    const now = new Date(Date.UTC(2026, 10, 20, 10, nextId)).toISOString();
    const inspection: Inspection = {
      id: uuid(),
      jobId: JOB_ID,
      modelNumber: null,
      serialNumber: null,
      age: null,
      tonnage: null,
      unitType: null,
      systemType: null,
      completed: false,
      createdAt: now,
      updatedAt: now,
      repair: null,
      photos: [],
      ...fields,
    };
    this.inspections.unshift(inspection);
    return inspection;
  }

  blankRepair(inspection: Inspection): Repair {
    const phase = (key: keyof typeof REPAIR_PHASE_LABELS) => ({ description: REPAIR_PHASE_LABELS[key], costCents: 0 });
    return {
      id: uuid(),
      jobId: JOB_ID,
      inspectionId: inspection.id,
      needsCrane: false,
      phase1: phase('phase1'),
      phase2: phase('phase2'),
      phase3: phase('phase3'),
      laborCents: 0,
      refrigerationRecoveryCents: 0,
      startUpCostsCents: 0,
      thermostatStartupCents: 0,
      removalCostCents: 0,
      permitCostCents: 0,
      accessories: [],
      additionalItems: [],
      warranty: null,
      selectedPhase: 'phase2',
      totalCents: 0,
      createdAt: inspection.createdAt,
      updatedAt: inspection.createdAt,
    };
  }

  summary(): RepairSummary {
    const items = this.inspections
      .filter((i) => i.repair)
      .map((i) => {
        const r = i.repair!;
        return {
          inspectionId: i.id,
          repairId: r.id,
          modelNumber: i.modelNumber,
          serialNumber: i.serialNumber,
          selectedPhase: r.selectedPhase,
          optionLabel: REPAIR_PHASE_LABELS[r.selectedPhase],
          optionDescription: r[r.selectedPhase].description,
          optionCostCents: r[r.selectedPhase].costCents,
          totalCents: r.totalCents,
        };
      });
    return { items, totalCents: items.reduce((t, i) => t + i.totalCents, 0) };
  }

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
    this.calls.push({ method, url, body });
    const json = (status: number, payload?: unknown) =>
      new Response(payload === undefined ? null : JSON.stringify(payload), {
        status,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      });
    const failure = this.failures.get(`${method} ${url}`);
    if (failure) return json(failure.status, failure.body);
    const refuse = (status: number, message: string) =>
      json(status, { error: { code: status === 409 ? 'CONFLICT' : 'BAD_REQUEST', message } });
    const find = (id: string) => this.inspections.find((i) => i.id === id)!;

    if (method === 'GET' && url === `/api/jobs/${JOB_ID}/inspections`) {
      return json(200, {
        items: this.inspections,
        quote: this.quote,
        hasCompletedInspection: this.inspections.some((i) => i.completed),
      });
    }
    if (method === 'GET' && url === `/api/jobs/${JOB_ID}/inspections/quote-state`) return json(200, this.quote);
    if (method === 'GET' && url === `/api/jobs/${JOB_ID}/repairs/summary`) return json(200, this.summary());
    if (method === 'GET' && url === `/api/jobs/${JOB_ID}/earlier-recommendations`)
      return json(200, { unitId: null, unitNumber: null, items: [], total: 0 });
    if (method === 'POST' && url === `/api/jobs/${JOB_ID}/inspections`)
      return json(201, this.add(body as Partial<Inspection>));
    if (
      method === 'POST' &&
      (url === `/api/jobs/${JOB_ID}/inspections/complete` || url === `/api/jobs/${JOB_ID}/repairs/finish`)
    ) {
      if (this.inspections.length === 0)
        return refuse(409, 'This job has no inspections to complete. Add an inspection first.');
      let completed = 0;
      let created = 0;
      for (const i of this.inspections) {
        if (!i.completed) completed += 1;
        i.completed = true;
        if (!i.repair) {
          i.repair = this.blankRepair(i);
          created += 1;
        }
      }
      return url.endsWith('/finish')
        ? json(200, { completedInspections: completed, createdRepairs: created, summary: this.summary() })
        : json(200, { completedInspections: completed, createdRepairs: created, items: this.inspections });
    }
    let match = /^\/api\/inspections\/([^/]+)$/.exec(url);
    if (match && method === 'PUT') {
      Object.assign(find(match[1]!), body);
      return json(200, find(match[1]!));
    }
    if (match && method === 'DELETE') {
      const inspection = find(match[1]!);
      if (inspection.completed) return refuse(409, 'A completed inspection cannot be deleted');
      this.inspections = this.inspections.filter((i) => i !== inspection);
      return json(204);
    }
    match = /^\/api\/inspections\/([^/]+)\/repair$/.exec(url);
    if (match && method === 'PUT') {
      const parsed = repairInput.safeParse(body);
      if (!parsed.success)
        return json(400, { error: { code: 'VALIDATION_ERROR', message: parsed.error.issues[0]!.message, fields: {} } });
      const inspection = find(match[1]!);
      const input = parsed.data;
      const cents = (d: number) => Math.round(d * 100);
      const repair: Repair = {
        ...(inspection.repair ?? this.blankRepair(inspection)),
        needsCrane: input.needsCrane,
        phase1: { description: input.phase1.description, costCents: cents(input.phase1.cost) },
        phase2: { description: input.phase2.description, costCents: cents(input.phase2.cost) },
        phase3: { description: input.phase3.description, costCents: cents(input.phase3.cost) },
        laborCents: cents(input.labor),
        refrigerationRecoveryCents: cents(input.refrigerationRecovery),
        startUpCostsCents: cents(input.startUpCosts),
        thermostatStartupCents: cents(input.thermostatStartup),
        removalCostCents: cents(input.removalCost),
        permitCostCents: cents(input.permitCost),
        accessories: input.accessories.map((a) => ({ name: a.name, costCents: cents(a.cost) })),
        additionalItems: input.additionalItems.map((a) => ({ name: a.name, costCents: cents(a.cost) })),
        warranty: input.warranty,
        selectedPhase: input.selectedPhase,
        totalCents: repairTotalCents(repairCostsFromInput(input)),
      };
      inspection.repair = repair;
      return json(200, repair);
    }
    match = /^\/api\/inspections\/([^/]+)\/photos$/.exec(url);
    if (match && method === 'POST') {
      const inspection = find(match[1]!);
      const file = (body as FormData).get('file') as File;
      const id = uuid();
      const base = `/api/inspections/${inspection.id}/photos/${id}`;
      const photo = {
        id,
        inspectionId: inspection.id,
        fileName: file.name,
        contentType: 'image/jpeg' as const,
        size: file.size,
        width: 100,
        height: 100,
        displayWidth: 100,
        displayHeight: 100,
        createdAt: inspection.createdAt,
        urls: { original: `${base}?size=original`, display: `${base}?size=display`, thumb: `${base}?size=thumb` },
      };
      inspection.photos.push(photo);
      return json(201, photo);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: `No fake for ${method} ${url}` } });
  };
}

let fake: FakeApi;

beforeEach(() => {
  nextId = 1;
  fake = new FakeApi();
  vi.stubGlobal('fetch', fake.fetch);
});
afterEach(() => vi.unstubAllGlobals());

function renderTab(can?: { editItems: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <InspectionRepairTab job={{ id: JOB_ID, ...(can ? { can } : {}) }} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const type = (label: string | RegExp, value: string, within_: HTMLElement = document.body) =>
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });

describe('InspectionRepairTab: inspections', { timeout: 20_000 }, () => {
  it('shows the empty text, adds an inspection with the form and says it was saved', async () => {
    renderTab();
    expect(await screen.findByText('No inspection data available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark Complete' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Mark Complete' }));
    expect(fake.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Inspection' });
    type('Model Number', 'RTU-48', dialog);
    type('Serial Number', 'SN-1', dialog);
    type('Age (years)', '12', dialog);
    type('Tonnage', '7.5', dialog);
    fireEvent.change(within(dialog).getByLabelText('Unit Type'), { target: { value: 'Gas' } });
    fireEvent.change(within(dialog).getByLabelText('System Type'), { target: { value: 'RTU' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Inspection' }));
    expect(await screen.findByText('Inspection data saved successfully')).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({
      modelNumber: 'RTU-48',
      serialNumber: 'SN-1',
      age: 12,
      tonnage: '7.5',
      unitType: 'Gas',
      systemType: 'RTU',
    });
    const row = await screen.findByTestId('inspection-row');
    expect(row.textContent).toContain('Inspection 1');
    expect(row.textContent).toContain('RTU-48');
    expect(row.textContent).toContain('12 years');
    expect(row.textContent).toContain('RTU');
  });

  it('refuses an age that is not a whole number of years, 0 or more, without asking the server', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Inspection' });
    for (const [text, message] of [
      ['-1', 'Age must be 0 or more'],
      ['2.5', 'Age must be a whole number of years'],
      ['ten', 'Age must be a number of years'],
    ] as const) {
      type('Age (years)', text, dialog);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save Inspection' }));
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(fake.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('lists newest first, edits one, and does not offer to delete a completed inspection', async () => {
    fake.add({ modelNumber: 'OLD-1' });
    fake.add({ modelNumber: 'NEW-2', completed: true });
    renderTab();
    const rows = await screen.findAllByTestId('inspection-row');
    expect(rows.map((r) => r.textContent?.includes('NEW-2'))).toEqual([true, false]);
    expect(rows[0]!.textContent).toContain('Inspection 2');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Inspection 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Inspection' });
    expect((within(dialog).getByLabelText('Model Number') as HTMLInputElement).value).toBe('OLD-1');
    type('Model Number', 'OLD-1B', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Inspection' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.find((c) => c.method === 'PUT')?.url).toBe(`/api/inspections/${fake.inspections[1]!.id}`);

    // The server's rule (inspectionDeleteRefusal) decides here too: the button says why and asks nothing.
    const remove = screen.getByRole('button', { name: 'Delete Inspection 2' });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(remove.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(remove.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A completed inspection cannot be deleted',
    );
    fireEvent.click(remove);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Inspection 1' }).getAttribute('aria-disabled')).toBeNull();
    expect(fake.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(fake.inspections).toHaveLength(2);
  });

  it('says "Failed to save inspection data" and "Failed to delete inspection" when the server fails, and keeps the dialogs open', async () => {
    const inspection = fake.add({ modelNumber: 'KEEP-1' });
    renderTab();
    fake.failures.set(`POST /api/jobs/${JOB_ID}/inspections`, {
      status: 500,
      body: { error: { code: 'INTERNAL_ERROR', message: 'boom' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Inspection' });
    type('Model Number', 'NEW-1', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Inspection' }));
    expect(await within(dialog).findByText('Failed to save inspection data')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fake.failures.set(`DELETE /api/inspections/${inspection.id}`, {
      status: 500,
      body: { error: { code: 'INTERNAL_ERROR', message: 'boom' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Inspection 1' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Inspection' }));
    expect(await within(confirm).findByText('Failed to delete inspection')).toBeTruthy();
    expect(fake.inspections).toHaveLength(1);
  });

  it('selects an inspection to show its photos and repair form', async () => {
    fake.add({ modelNumber: 'OLD-1' });
    fake.add({ modelNumber: 'NEW-2' });
    renderTab();
    expect((await screen.findByRole('button', { name: 'Select Inspection 2' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByTestId('selected-inspection').textContent).toContain('Inspection 2: photos and repair');
    fireEvent.click(screen.getByRole('button', { name: 'Select Inspection 1' }));
    expect(screen.getByRole('button', { name: 'Select Inspection 1' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('selected-inspection').textContent).toContain('Inspection 1: photos and repair');
  });

  it('marks every inspection complete, and shows a failure with the screen text', async () => {
    fake.add();
    renderTab();
    fake.failures.set(`POST /api/jobs/${JOB_ID}/inspections/complete`, {
      status: 500,
      body: { error: { code: 'INTERNAL_ERROR', message: 'boom' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    expect(await screen.findByText('Failed to finish inspection')).toBeTruthy();
    fake.failures.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Mark Complete' }));
    expect(await screen.findByText('1 inspection marked complete; 1 repair form ready to price')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('inspection-row').textContent).toContain('Completed'));
  });

  it('shows a read-only tab to a user who may not change this job (a technician not assigned to it)', async () => {
    const inspection = fake.add({ modelNumber: 'RO-1', completed: true });
    inspection.repair = { ...fake.blankRepair(inspection), laborCents: 60000, totalCents: 100000 };
    renderTab({ editItems: false });
    expect((await screen.findByTestId('inspection-row')).textContent).toContain('RO-1');
    expect(await screen.findByTestId('repair-details')).toBeTruthy();
    for (const name of [
      'Add Inspection',
      'Mark Complete',
      'Edit Inspection 1',
      'Delete Inspection 1',
      'Add photos to Inspection 1',
      'Finish Repair Details',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /Edit Repair Details/ })).toBeNull();
  });

  it('shows "Failed to load inspection data" when the list cannot be read', async () => {
    fake.failures.set(`GET /api/jobs/${JOB_ID}/inspections`, {
      status: 500,
      body: { error: { code: 'INTERNAL_ERROR', message: 'x' } },
    });
    renderTab();
    expect(await screen.findByText('Failed to load inspection data')).toBeTruthy();
  });

  it('shows the resend banner when the inspections changed after the quote was sent', async () => {
    fake.add();
    fake.quote = {
      quoteSentAt: '2026-11-20T10:00:00.000Z',
      lastChangedAt: '2026-11-21T10:00:00.000Z',
      changedSinceQuote: true,
    };
    renderTab();
    expect((await screen.findByTestId('resend-banner')).textContent).toContain('changed after the quote was sent');
  });
});

describe('InspectionRepairTab: repairs', { timeout: 20_000 }, () => {
  it('prices a repair: numeric text fields without leading zeros, the live total with its arithmetic, numbers sent, the server total shown', async () => {
    fake.add({ modelNumber: 'RTU-48' });
    renderTab();
    const form = await screen.findByRole('form', { name: 'Repair details of Inspection 1' });
    expect(
      (within(form).getByLabelText('Standard Option', { selector: 'input[type=radio]' }) as HTMLInputElement).checked,
    ).toBe(true);
    const labor = within(form).getByLabelText('Labor') as HTMLInputElement;
    expect(labor.getAttribute('inputmode')).toBe('decimal');
    expect(labor.type).toBe('text');
    type('Standard Option cost', '004500', form);
    expect((within(form).getByLabelText('Standard Option cost') as HTMLInputElement).value).toBe('4500');
    type('Labor', '1200', form);
    type('Permit Cost', '200', form);
    type('Removal Cost', 'abc', form);
    expect(within(form).getByText(/Not an amount of money/)).toBeTruthy();
    expect(within(form).getByTestId('repair-total').textContent).toBe('$9,833.00');
    const why = within(form).getByTestId('why-this-price').textContent;
    expect(why).toContain('Costs = $4,500.00 Standard Option + $1,200.00 labor + $200.00 permit = $5,900.00');
    expect(why).toContain(
      '$5,900.00 / 0.6 (40% gross margin) = $9,833.3333..., rounded to the whole dollar: $9,833.00',
    );

    // the first row of each list cannot be removed; an added one can
    expect(within(form).queryByRole('button', { name: 'Remove accessory 1' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Remove additional item 1' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Add Accessory' }));
    type('Accessory 2', 'Curb adapter', form);
    type('Accessory 2 cost', '300', form);
    expect(within(form).getByTestId('repair-total').textContent).toBe('$10,333.00');
    fireEvent.click(within(form).getByRole('button', { name: 'Remove accessory 2' }));
    expect(within(form).getByTestId('repair-total').textContent).toBe('$9,833.00');

    fireEvent.click(within(form).getByRole('button', { name: 'Save Repair Details' }));
    expect(await screen.findByText('Repair data saved successfully')).toBeTruthy();
    const put = fake.calls.find((c) => c.method === 'PUT' && c.url.endsWith('/repair'))!.body as Record<
      string,
      unknown
    >;
    expect(put).toMatchObject({
      labor: 1200,
      permitCost: 200,
      removalCost: 0,
      refrigerationRecovery: 0,
      selectedPhase: 'phase2',
      phase2: { description: 'Standard Option', cost: 4500 },
    });
    expect(put).not.toHaveProperty('totalCents');

    const details = await screen.findByTestId('repair-details');
    expect(within(details).getByTestId('repair-total').textContent).toBe('$9,833.00');
    expect(screen.getByTestId('combined-total').textContent).toBe('$9,833.00');
  });

  it('shows the saved summary with the server figure, then Edit Repair Details opens the form with the saved values', async () => {
    const inspection = fake.add({ completed: true });
    inspection.repair = {
      ...fake.blankRepair(inspection),
      phase1: { description: 'Patch coil', costCents: 100000 },
      selectedPhase: 'phase1',
      laborCents: 20000,
      totalCents: 200000,
    };
    renderTab();
    const details = await screen.findByTestId('repair-details');
    // the stored total is shown, whatever the browser would compute
    expect(within(details).getByTestId('repair-total').textContent).toBe('$2,000.00');
    expect(details.textContent).toContain('Patch coil');
    fireEvent.click(within(details).getByRole('button', { name: 'Edit Repair Details of Inspection 1' }));
    const form = await screen.findByRole('form', { name: 'Repair details of Inspection 1' });
    expect((within(form).getByLabelText('Economy Option cost') as HTMLInputElement).value).toBe('1000');
    expect(
      (within(form).getByLabelText('Economy Option', { selector: 'input[type=radio]' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('repair-details')).toBeTruthy();
  });

  it('keeps a keyboard user in place: Edit Repair Details focuses the form, Save and Cancel focus Edit Repair Details again', async () => {
    const inspection = fake.add({ completed: true });
    inspection.repair = { ...fake.blankRepair(inspection), laborCents: 60000, totalCents: 100000 };
    renderTab();
    const details = await screen.findByTestId('repair-details');
    // the first show takes no focus
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(within(details).getByRole('button', { name: 'Edit Repair Details of Inspection 1' }));
    let form = await screen.findByRole('form', { name: 'Repair details of Inspection 1' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Needs Crane')));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Repair Details of Inspection 1' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Repair Details of Inspection 1' }));
    form = await screen.findByRole('form', { name: 'Repair details of Inspection 1' });
    type('Labor', '900', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save Repair Details' }));
    expect(await screen.findByText('Repair data saved successfully')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Repair Details of Inspection 1' })),
    );
  });

  it('asks before another inspection replaces a repair form with unsaved changes', async () => {
    fake.add({ modelNumber: 'OLD-1' });
    fake.add({ modelNumber: 'NEW-2' });
    renderTab();
    const form = await screen.findByRole('form', { name: 'Repair details of Inspection 2' });
    type('Labor', '500', form);
    fireEvent.click(screen.getByRole('button', { name: 'Select Inspection 1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard unsaved repair changes?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(form).getByLabelText('Labor') as HTMLInputElement).value).toBe('500');
    fireEvent.click(screen.getByRole('button', { name: 'Select Inspection 1' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard Changes' }));
    expect(await screen.findByRole('form', { name: 'Repair details of Inspection 1' })).toBeTruthy();
    // a form without changes is simply replaced
    fireEvent.click(screen.getByRole('button', { name: 'Select Inspection 2' }));
    expect(await screen.findByRole('form', { name: 'Repair details of Inspection 2' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Finish Repair Details asks to save or cancel a repair form with unsaved changes first, and finishes after the save', async () => {
    const inspection = fake.add({ completed: true });
    inspection.repair = { ...fake.blankRepair(inspection), laborCents: 60000, totalCents: 100000 };
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Repair Details of Inspection 1' }));
    const form = await screen.findByRole('form', { name: 'Repair details of Inspection 1' });
    type('Labor', '1200', form);
    const summary = screen.getByTestId('repair-summary');
    fireEvent.click(within(summary).getByRole('button', { name: 'Finish Repair Details' }));
    expect(
      await within(summary).findByText(
        'The repair details of Inspection 1 have changes that are not saved. Save or cancel them, then press Finish Repair Details.',
      ),
    ).toBeTruthy();
    expect(fake.calls.some((c) => c.url.endsWith('/repairs/finish'))).toBe(false);
    fireEvent.click(within(form).getByRole('button', { name: 'Save Repair Details' }));
    expect(await screen.findByTestId('repair-details')).toBeTruthy();
    fireEvent.click(within(summary).getByRole('button', { name: 'Finish Repair Details' }));
    await waitFor(() => expect(fake.calls.some((c) => c.url.endsWith('/repairs/finish'))).toBe(true));
    expect(within(summary).queryByText(/changes that are not saved/)).toBeNull();
  });

  it('says which row needs a name before sending', async () => {
    fake.add();
    renderTab();
    const form = await screen.findByRole('form', { name: 'Repair details of Inspection 1' });
    type('Additional item 1 cost', '50', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save Repair Details' }));
    expect((await within(form).findAllByText('Additional item 1 has a cost but no name')).length).toBeGreaterThan(0);
    expect(fake.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows "Failed to save repair data" when the server fails', async () => {
    const inspection = fake.add();
    fake.failures.set(`PUT /api/inspections/${inspection.id}/repair`, {
      status: 500,
      body: { error: { code: 'INTERNAL_ERROR', message: 'x' } },
    });
    renderTab();
    const form = await screen.findByRole('form', { name: 'Repair details of Inspection 1' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Repair Details' }));
    expect(await within(form).findByText('Failed to save repair data')).toBeTruthy();
  });

  it('lists every repair with its option and total, the combined total, and finishes the repair details', async () => {
    const a = fake.add({ modelNumber: 'A-1' });
    const b = fake.add({ modelNumber: 'B-2' });
    a.repair = {
      ...fake.blankRepair(a),
      totalCents: 150000,
      phase2: { description: 'Replace compressor', costCents: 90000 },
    };
    b.repair = {
      ...fake.blankRepair(b),
      totalCents: 50000,
      selectedPhase: 'phase3',
      phase3: { description: 'Premium Option', costCents: 30000 },
    };
    renderTab();
    const summary = await screen.findByTestId('repair-summary');
    await waitFor(() => expect(within(summary).getAllByTestId('repair-summary-row')).toHaveLength(2));
    const rows = within(summary).getAllByTestId('repair-summary-row');
    expect(rows[0]!.textContent).toContain('Inspection 2');
    expect(rows[0]!.textContent).toContain('Premium Option');
    expect(rows[0]!.textContent).toContain('$500.00');
    expect(rows[1]!.textContent).toContain('Standard Option: Replace compressor');
    expect(within(summary).getByTestId('combined-total').textContent).toBe('$2,000.00');
    fireEvent.click(within(summary).getByRole('button', { name: 'Finish Repair Details' }));
    await waitFor(() =>
      expect(fake.calls.some((c) => c.method === 'POST' && c.url.endsWith('/repairs/finish'))).toBe(true),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('inspection-row').every((r) => r.textContent?.includes('Completed'))).toBe(true),
    );
  });
});

describe('InspectionRepairTab: photos', { timeout: 20_000 }, () => {
  it('refuses a file that is not a photo or is too large, uploads the rest and shows thumbnails', async () => {
    fake.add();
    renderTab();
    const input = (await screen.findByTestId('photo-input')) as HTMLInputElement;
    const pdf = new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const good = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'coil.jpg', { type: 'image/jpeg' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [pdf, big, good] } });
    });
    expect(await screen.findByText('manual.pdf: The file is not a JPEG, PNG or WebP image')).toBeTruthy();
    expect(screen.getByText(/huge\.jpg: The photo is larger than 10 MB/)).toBeTruthy();
    const thumbs = await screen.findAllByTestId('inspection-photo');
    expect(thumbs).toHaveLength(1);
    expect(within(thumbs[0]!).getByRole('img').getAttribute('alt')).toBe('Photo 1 of Inspection 1: coil.jpg');
    expect(fake.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/photos'))).toHaveLength(1);
  });

  it('with 10 photos Add Photos is unavailable (aria-disabled, so it keeps the focus) and does not open the file picker', async () => {
    const inspection = fake.add();
    renderTab();
    const input = (await screen.findByTestId('photo-input')) as HTMLInputElement;
    const files = Array.from(
      { length: 10 },
      (_, i) => new File([new Uint8Array([0xff, 0xd8, 0xff])], `p${i + 1}.jpg`, { type: 'image/jpeg' }),
    );
    await act(async () => {
      fireEvent.change(input, { target: { files } });
    });
    await waitFor(() => expect(screen.getAllByTestId('inspection-photo')).toHaveLength(10));
    const button = screen.getByRole('button', { name: 'Add photos to Inspection 1' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    let opened = 0;
    input.addEventListener('click', () => opened++);
    fireEvent.click(button);
    expect(opened).toBe(0);
    expect(inspection.photos).toHaveLength(10);
  });

  it("shows the server's refusal of an upload with the file's name", async () => {
    const inspection = fake.add();
    fake.failures.set(`POST /api/inspections/${inspection.id}/photos`, {
      status: 415,
      body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The file is not a JPEG, PNG or WebP image' } },
    });
    renderTab();
    const input = (await screen.findByTestId('photo-input')) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['not really'], 'fake.jpg', { type: 'image/jpeg' })] } });
    });
    expect(await screen.findByText('fake.jpg: The file is not a JPEG, PNG or WebP image')).toBeTruthy();
  });
});
