import { useCallback } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * The address's query (`?q=`, `?page=`, a list's order, the chosen lesson), read and written. Writing
 * it changes what the page shows, not which page it is, so the window stays where the reader is: the
 * app's scroll restoration (decision 129) takes any other new entry to the top. The one way to write
 * the query (lint keeps `useSearchParams` to this file).
 */
export function useAddressParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const set = useCallback<SetURLSearchParams>(
    (next, options) => setParams(next, { preventScrollReset: true, ...options }),
    [setParams],
  );
  return [params, set];
}
