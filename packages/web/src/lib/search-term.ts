import { LIMITS } from '@app/shared';

/**
 * The course lists' search term lives in the address (`?q=`), so a reload or a shared link keeps it.
 * The header's search box writes it; the learner catalogue and the two boards read it (decision 056).
 */
export const SEARCH_PARAM = 'q';

/**
 * The search term of an address, read the same way by the screens, their loaders and the app shell:
 * the shell's early request is used only if all of them ask for the same path.
 */
export const searchTermOf = (params: URLSearchParams): string =>
  withinSearchLimit((params.get(SEARCH_PARAM) ?? '').trim());

/**
 * At most the API's `LIMITS.searchMax` UTF-16 units, cut between characters: the box cannot type
 * more, but an address edited by hand could, and the server refuses a longer term (400) where a
 * list would rather search for what fits. Never half a surrogate pair, which cannot be encoded in a URL.
 */
function withinSearchLimit(term: string): string {
  if (term.length <= LIMITS.searchMax) return term;
  let kept = '';
  for (const character of term) {
    if (kept.length + character.length > LIMITS.searchMax) break;
    kept += character;
  }
  return kept.trimEnd();
}

/** `params` with the search term set, or removed when it is empty (the other parameters kept). */
export function withSearchTerm(params: URLSearchParams, term: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (term) next.set(SEARCH_PARAM, term);
  else next.delete(SEARCH_PARAM);
  return next;
}
