import { ADMIN_PAGE_SIZE, COURSE_SORTS, COURSE_STATUSES } from '@app/shared';
import { pageIndexOf, useAddressedPage, withPageIndex } from '../../../lib/page-in-address.ts';
import { searchTermOf } from '../../../lib/search-term.ts';
import type { CourseTableView } from '../api/get-all-courses.ts';

/*
 * The table's place in the address, beside the header's `?q=` (decision 097): the page as every
 * paged list keeps it (`lib/page-in-address.ts`), and `sort`, `order` and `status`, so a reload, Back
 * from the course form and a shared link find the same page of the same list.
 */

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  values.includes(value as T);

/** The view an address asks for; anything it cannot mean (typed, stale, truncated) is the default. */
export function tableViewOf(params: URLSearchParams): CourseTableView {
  const sort = params.get('sort');
  const status = params.get('status');
  const sorted = oneOf(COURSE_SORTS, sort) ? sort : null;
  return {
    pageIndex: pageIndexOf(params, ADMIN_PAGE_SIZE),
    sort: sorted,
    // Without a column the server's order is its own (newest update first): `order` alone means nothing.
    desc: sorted !== null && params.get('order') === 'desc',
    status: oneOf(COURSE_STATUSES, status) ? status : '',
    q: searchTermOf(params),
  };
}

/** `params` showing `view`; defaults are left out, `q` (the header box's) and anything else are kept. */
export function withTableView(params: URLSearchParams, view: CourseTableView): URLSearchParams {
  const next = withPageIndex(params, view.pageIndex);
  const put = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  put('sort', view.sort);
  put('order', view.sort ? (view.desc ? 'desc' : 'asc') : null);
  put('status', view.status || null);
  return next;
}

export type SetTableView = (view: CourseTableView) => void;

/**
 * The table's view, read from the address and written to it. A choice of the reader's (a page, an
 * order, a status) is a new history entry, so Back returns to the view before; the table's own
 * corrections replace the entry (`useLastPageWhenPastTheEnd`).
 */
export function useTableView(): [CourseTableView, SetTableView] {
  const { params, setParams, pageIndex } = useAddressedPage(ADMIN_PAGE_SIZE);
  const setView: SetTableView = (next) => setParams((current) => withTableView(current, next));
  return [{ ...tableViewOf(params), pageIndex }, setView];
}
