import { Trans } from '@lingui/react/macro';
import { withSearchTerm } from '../lib/search-term.ts';
import { Button } from './ui/button.tsx';
import { useAddressParams } from '../lib/address-params.ts';

/**
 * A course list's search that found nothing: the term, and "Clear search", which removes it from the
 * address (the header's box follows, and takes the focus) and brings the whole list back.
 */
export function NoSearchResults({ q, className = '' }: { q: string; className?: string }) {
  const [, setParams] = useAddressParams();
  const clear = () => {
    setParams((current) => withSearchTerm(current, ''), { replace: true });
    // This button goes with the empty result: focus goes on to the page's search box, where the next
    // term is typed, rather than back to the top of the page.
    document.querySelector<HTMLInputElement>('[role="search"] input')?.focus();
  };
  return (
    <div
      className={`flex flex-col items-center gap-4 text-center ${className}`}
      data-testid="no-search-results"
    >
      <p className="text-lg font-semibold text-ink">
        <Trans>
          No courses match “<bdi>{q}</bdi>”.
        </Trans>
      </p>
      <Button variant="secondary" onClick={clear}>
        <Trans>Clear search</Trans>
      </Button>
    </div>
  );
}
