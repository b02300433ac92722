/** The list module: paging, capped totals and search of every list (see planner.ts). */
export {
  cappedCount,
  gatherOrWalk,
  selectPage,
  selectTotalled,
  sortedPagePlan,
  walkRowsFor,
  type PagePlan,
  type PageWay,
} from './planner.js';
export {
  COMPANY_ZONE,
  invoiceSearchTable,
  onSearchTable,
  searchable,
  searchCondition,
  searchedInvoices,
  searchTableCondition,
  type SearchConditionOptions,
} from './invoice-search.repo.js';
