import type { BenchCase } from '../types.js';
import { agreementReportCases } from './agreement-reports.js';
import { agreementCases } from './agreements.js';
import { contactCases } from './contacts.js';
import { customerCases } from './customers.js';
import { dispatchCases } from './dispatch.js';
import { foundationCases } from './foundation.js';
import { homeCases } from './home.js';
import { invoiceCases } from './invoices.js';
import { jobCases } from './jobs.js';
import { opportunityCases } from './opportunities.js';
import { quoteCases } from './quotes.js';
import { searchCases } from './search.js';

/** Every API benchmark case; each area adds its list here. */
export const benchCases: BenchCase[] = [
  ...foundationCases,
  ...homeCases,
  ...customerCases,
  ...contactCases,
  ...jobCases,
  ...dispatchCases,
  ...quoteCases,
  ...invoiceCases,
  ...searchCases,
  ...opportunityCases,
  ...agreementCases,
  ...agreementReportCases,
];
