import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FiSearch } from 'react-icons/fi';
import { LIMITS } from '@app/shared';
import { paths } from '../../../lib/paths.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const PARAM = 'q';
export const SEARCH_DEBOUNCE_MS = 300;

const dashboardSearch = (q: string) =>
  q ? `${paths.dashboard}?${new URLSearchParams({ q }).toString()}` : paths.dashboard;

/**
 * The header's course search. On /dashboard it keeps `?q=` in the URL (debounced 300 ms, replacing
 * history so Back still leaves the page); on other pages typing takes the reader to /dashboard?q=….
 * The server matches Arabic regardless of alef forms, taa marbuta and diacritics.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const inputId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const onDashboard = pathname === paths.dashboard;
  const urlQuery = onDashboard ? (params.get(PARAM) ?? '') : '';

  const [value, setValue] = useState(urlQuery);
  const debounced = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  /** The last term this box wrote to the URL, so its own writes are not echoed back into the input. */
  const written = useRef(urlQuery);

  const apply = (term: string) => {
    const q = term.trim();
    if (q === written.current && (onDashboard || !q)) return;
    written.current = q;
    if (onDashboard)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (q) next.set(PARAM, q);
          else next.delete(PARAM);
          return next;
        },
        { replace: true },
      );
    else if (q) void navigate(dashboardSearch(q));
  };

  // Typing: send the term once it has settled.
  useEffect(() => {
    apply(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled term triggers a search.
  }, [debounced]);

  // The URL changed by other means (Back, "Clear search", a link): show its term.
  useEffect(() => {
    if (urlQuery.trim() === written.current) return;
    written.current = urlQuery.trim();
    setValue(urlQuery);
  }, [urlQuery]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(value);
    if (!onDashboard && !value.trim()) void navigate(paths.dashboard);
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
      <input
        id={inputId}
        type="search"
        dir="auto"
        value={value}
        maxLength={LIMITS.searchMax}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t`Search courses`}
        autoComplete="off"
        enterKeyHint="search"
        className="block min-h-10 w-full rounded-full border border-gray-400 bg-white py-2 ps-9 pe-3 text-sm text-ink placeholder:text-muted focus:border-primary-dark focus:ring-2 focus:ring-primary/30 focus:outline-none"
      />
    </form>
  );
}
