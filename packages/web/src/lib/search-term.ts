/**
 * The course lists' search term lives in the address (`?q=`), so a reload or a shared link keeps it.
 * The header's search box writes it; the learner catalogue and the two boards read it (decision 056).
 */
export const SEARCH_PARAM = 'q';

/**
 * The search term of an address, read the same way by the screens, their loaders and the app shell:
 * the shell's early request is used only if all of them ask for the same path.
 */
export const searchTermOf = (params: URLSearchParams): string => (params.get(SEARCH_PARAM) ?? '').trim();

/** `params` with the search term set, or removed when it is empty (the other parameters kept). */
export function withSearchTerm(params: URLSearchParams, term: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (term) next.set(SEARCH_PARAM, term);
  else next.delete(SEARCH_PARAM);
  return next;
}
