import { ADMIN_ELECTRICIAN_SORTS } from '@isaac/contract';
import { listView, type ListState } from '~/components/list';

/** /admin/electricians: `?search=&sort=&order=&page=` (the list kit, ADR 065); by name by default. */
export const electricianListView = listView({
  sorts: ADMIN_ELECTRICIAN_SORTS,
  sort: 'name',
  order: 'asc',
  search: true,
});
export type ElectricianListState = ListState<(typeof ADMIN_ELECTRICIAN_SORTS)[number]>;

/** Which customers: a search, one electrician's, a page (pickers: the first page of the largest size). */
export interface CustomerQuery {
  search?: string;
  electricianId?: string;
  page?: number;
  pageSize?: number;
}
