/**
 * Run by `npm run bench` in a fresh process: generates the issue 12 quote (10-page template,
 * 3 inspections, 20 items) 35 times (5 to warm up) with the real generator and prints its timings and the
 * process's peak memory (VmHWM) as JSON, so the figure is the generator's, not the benchmark's.
 */
import { readFileSync } from 'node:fs';
import { assembleQuotePdf } from '../src/server/pdf/quote-pdf.js';
import type { QuoteDocumentData } from '../src/domain/quotes.js';
import { BENCH_PRESERVED_PAGES, benchTemplatePdf } from './cases/quotes.js';

const peakMB = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
const rssMB = () => process.memoryUsage().rss / 1024 / 1024;

const templateBytes = await benchTemplatePdf();
const repair = (i: number) => ({
  options: [
    {
      phase: 'phase1' as const,
      label: 'Economy Option',
      description: 'Replace capacitor and contactor',
      costCents: 45000 + i * 1000,
    },
    {
      phase: 'phase2' as const,
      label: 'Standard Option',
      description: 'Replace condenser fan motor, capacitor and contactor',
      costCents: 90000 + i * 1000,
    },
    {
      phase: 'phase3' as const,
      label: 'Premium Option',
      description: 'Replace compressor with a new scroll compressor, filter drier and refrigerant charge',
      costCents: 180000 + i * 1000,
    },
  ],
  selectedPhase: 'phase2' as const,
  laborCents: 40000,
  refrigerationRecoveryCents: 15000,
  startUpCents: 25000,
  thermostatStartupCents: 0,
  removalCents: 30000,
  permitCents: 20000,
  accessories: [{ name: 'Curb adapter', costCents: 85000 }],
  additionalItems: [{ name: 'Crane rental (half day)', costCents: 180000 }],
  needsCrane: true,
  warranty: '1 year parts and labor',
});
const data = (type: QuoteDocumentData['quoteType']): QuoteDocumentData => ({
  quoteType: type,
  quoteNumber: 'QT-BENCH-0001',
  date: '2026-03-07',
  company: {
    name: 'Summit Air Mechanical',
    addressLines: ['1450 Northside Dr NW', 'Atlanta, GA 30318'],
    phone: '(404) 555-0147',
  },
  job: {
    id: '00000000-0000-4000-8000-000000000000',
    number: 1042,
    name: 'Inspection of three rooftop units',
    description: 'Inspection of three rooftop units with repair options.',
    customerPo: 'PO-123456',
    contactName: 'Facilities desk',
    contactEmail: 'facilities@example.com',
    contactPhone: '(404) 555-0100',
  },
  customerCompany: 'Peachtree Medical Group',
  location: {
    name: 'Midtown Clinic',
    buildingName: 'Building A',
    address: '1010 Peachtree St NE',
    city: 'Atlanta',
    state: 'GA',
    zip: '30309',
  },
  unit: { unitNumber: 'RTU-7' },
  inspections: [0, 1, 2].map((i) => ({
    id: String(i),
    modelNumber: `48TC-${100 + i}`,
    serialNumber: `4821G${10000 + i}`,
    age: 8 + i,
    tonnage: '7.5',
    unitType: 'Gas',
    systemType: 'RTU',
    repair: repair(i),
  })),
  items: Array.from({ length: 20 }, (_, i) => ({
    code: `BENCH-${i + 1}`,
    name: `Bench item ${i + 1}: pleated filter 20x25x2 case`,
    type: (['part', 'labor', 'item'] as const)[i % 3]!,
    quantity: 1 + (i % 3),
    unitCostCents: 4500,
    totalCents: 4500 * (1 + (i % 3)),
  })),
  links: {
    approveUrl: 'https://hvac.example.com/quote/confirm/abc?approve=true',
    denyUrl: 'https://hvac.example.com/quote/confirm/abc?approve=false',
  },
});

const baseline = rssMB();
const times: number[] = [];
let bytes = 0;
// 5 warm-up runs (as the API cases), then 30 measured.
for (let i = 0; i < 35; i++) {
  const started = performance.now();
  // The repair quote (inspections and options) and the items quote, alternately.
  const pdf = await assembleQuotePdf({
    templateBytes,
    preservedPages: BENCH_PRESERVED_PAGES,
    data: data(i % 2 ? 'other' : 'repair'),
  });
  if (i >= 5) times.push(performance.now() - started);
  bytes = pdf.byteLength;
}
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    p50Ms: times[14],
    p95Ms: times[28],
    maxMs: times[29],
    peakRssMB: peakMB(),
    baselineRssMB: baseline,
    pdfBytes: bytes,
  }),
);
