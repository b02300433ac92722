/** The list module: paging, capped totals and search of every list (see description.ts and planner.ts). */
export {
  cappedCount,
  cappedCountStatement,
  countFirstTotalStatement,
  planSortKeyList,
  readList,
  selectPage,
  walkRowsFor,
  type ListPage,
  type PagePlan,
  type PageWay,
  type SortKeyPlan,
} from './planner.js';
export type { CountFirstList, KeyedWay, ListDescription, ListOrder, Paging, SortKeyList } from './description.js';
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
