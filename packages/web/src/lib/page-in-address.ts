import { useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { PAGE } from '@app/shared';
import { searchTermOf } from './search-term.ts';
import { useAddressParams } from './address-params.ts';

/**
 * A paged list's page lives in the address (`?page=`, 1-based; the first page left out) beside the
 * header's `?q=`, so a reload, Back from a form and a shared link find the same page (decision 097).
 */
export const PAGE_PARAM = 'page';

/**
 * The page an address asks for, as an index; anything it cannot mean (typed, stale, truncated, or
 * past the server's largest offset, which it refuses with a 400) is the first.
 */
export function pageIndexOf(params: URLSearchParams, pageSize: number): number {
  const page = params.get(PAGE_PARAM) ?? '';
  const index = /^[1-9]\d{0,5}$/.test(page) ? Number(page) - 1 : 0;
  return index <= Math.floor(PAGE.maxOffset / pageSize) ? index : 0;
}

/** `params` showing the page at `index`; `q` and anything else kept. */
export function withPageIndex(params: URLSearchParams, index: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (index > 0) next.set(PAGE_PARAM, String(index + 1));
  else next.delete(PAGE_PARAM);
  return next;
}

/**
 * The address's search term and page, for a list paged by `pageSize`. The header's box rewrites `q`
 * alone and keeps the rest of the address; a new term starts at its first page (decision 056), so a
 * page chosen under the previous term is dropped from the address (replacing the entry), never asked for.
 */
export function useAddressedPage(pageSize: number): {
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  q: string;
  pageIndex: number;
} {
  const [params, setParams] = useAddressParams();
  const q = searchTermOf(params);
  const [pagedTerm, setPagedTerm] = useState(q);
  const newTerm = pagedTerm !== q;
  const stalePage = newTerm && params.has(PAGE_PARAM);
  // (Adjusted while rendering, as React advises for state derived from props.)
  if (newTerm && !stalePage) setPagedTerm(q);
  useEffect(() => {
    if (stalePage) setParams((current) => withPageIndex(current, 0), { replace: true });
  }, [stalePage, setParams]);
  return { params, setParams, q, pageIndex: newTerm ? 0 : pageIndexOf(params, pageSize) };
}

/**
 * A page that no longer exists (courses archived or filtered away meanwhile, an old link): the list
 * shows its last page, written in place of the address's (replacing the entry). `settledTotal` is the
 * list's total once its answer for this page is in, undefined until then.
 */
export function useLastPageWhenPastTheEnd(pageIndex: number, pageSize: number, settledTotal?: number) {
  const [, setParams] = useAddressParams();
  const lastIndex = settledTotal === undefined ? null : Math.max(0, Math.ceil(settledTotal / pageSize) - 1);
  const pastTheEnd = lastIndex !== null && pageIndex > lastIndex;
  useEffect(() => {
    if (pastTheEnd && lastIndex !== null)
      setParams((current) => withPageIndex(current, lastIndex), { replace: true });
  }, [pastTheEnd, lastIndex, setParams]);
}
