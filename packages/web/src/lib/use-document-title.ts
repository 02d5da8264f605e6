import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';

/** Names the browser tab after the page (WCAG 2.4.2), e.g. "Log In · Open Science Courses". */
export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useLingui();
  const site = t`Open Science Courses`;
  useEffect(() => {
    document.title = title ? `${title} · ${site}` : site;
  }, [title, site]);
}

/**
 * Wraps user text (a course title) in Unicode isolates (FSI … PDI), so an Arabic title in an English
 * tab, or the reverse, keeps its own direction and does not pull " · Open Science Courses" into it.
 */
export const isolateText = (text: string) => `\u2068${text}\u2069`;
