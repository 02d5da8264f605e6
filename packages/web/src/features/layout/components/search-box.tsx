import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useNavigation } from 'react-router';
import { FiSearch } from 'react-icons/fi';
import { LIMITS } from '@app/shared';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { SEARCH_PARAM, withSearchTerm } from '../../../lib/search-term.ts';
import { useAddressParams } from '../../../lib/address-params.ts';
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search of the course list on screen, in the header of the learner's dashboard and of the two
 * boards (decision 056): each reads `?q=` from the URL, which this box keeps (debounced 300 ms,
 * replacing history so Back still leaves the page). The server matches Arabic regardless of alef
 * forms, taa marbuta and diacritics.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const inputId = useId();
  const [params, setParams] = useAddressParams();
  const urlQuery = params.get(SEARCH_PARAM) ?? '';

  const [value, setValue] = useState(urlQuery);
  const debounced = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  /** The last term this box wrote to the URL, so its own writes are not echoed back into the input. */
  const written = useRef(urlQuery);

  const apply = (term: string) => {
    const q = term.trim();
    if (q === written.current) return;
    written.current = q;
    setParams((current) => withSearchTerm(current, q), { replace: true });
  };

  // Typing: send the term once it has settled, but never while a navigation is under way (a course
  // card clicked just after typing): writing `?q=` is a navigation too, and it would cancel that one.
  // The term waits; if the navigation left the page, this box is gone and nothing is written.
  // React Router renders its navigation state in a transition, so on a slow phone the settled term
  // can render before `navigating` does: the click on a link that leaves the page is noted at once.
  const navigating = useNavigation().state !== 'idle';
  const leaving = useRef(false);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (leavesPage(event)) leaving.current = true;
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  useEffect(() => {
    // Still here once a navigation is over (it was cancelled or refused): the reader is searching again.
    if (!navigating) leaving.current = false;
  }, [navigating]);
  useEffect(() => {
    // Only the term in the box has settled: one typed and sent with Enter at once writes `?q=`, a
    // navigation whose end must not write the older debounced term over it (it took the search back).
    if (!navigating && !leaving.current && debounced === value) apply(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled term triggers a search.
  }, [debounced, navigating]);

  // The URL changed by other means (Back, "Clear search", a link): show its term.
  useEffect(() => {
    if (urlQuery.trim() === written.current) return;
    written.current = urlQuery.trim();
    setValue(urlQuery);
  }, [urlQuery]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(value);
  };

  return (
    <form role="search" onSubmit={submit} className={`relative ${className}`}>
      <label htmlFor={inputId} className="sr-only">
        {t`Search courses`}
      </label>
      <FiSearch
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted"
      />
      {/* `dir="auto"` turns the field to the typed text's direction, and with it the sides its
          padding and clear button take; the icon keeps the page's start. So both sides keep the
          icon's room (`px-9`): text in the other script never runs under it. Empty, it keeps the
          page's direction: "auto" read an empty Arabic field as English-like, and its placeholder
          sat at the far end from the icon. 16 px on phones: iOS zooms into smaller text on focus. */}
      <input
        id={inputId}
        type="search"
        dir={value ? 'auto' : undefined}
        value={value}
        maxLength={LIMITS.searchMax}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t`Search courses`}
        autoComplete="off"
        enterKeyHint="search"
        className="block min-h-10 w-full rounded-full border border-gray-400 bg-white px-9 py-2 text-base text-ink placeholder:text-muted sm:text-sm focus:border-primary-dark focus:ring-2 focus:ring-primary/30 focus:outline-none"
      />
    </form>
  );
}

/** A plain click on a link of this site to another page, as React Router's `Link` would follow it. */
function leavesPage(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const to = new URL(link.href);
  return to.origin === window.location.origin && to.pathname !== window.location.pathname;
}
