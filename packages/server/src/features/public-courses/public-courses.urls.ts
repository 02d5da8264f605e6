import type { Language } from '@app/shared';
import { fileUrl } from '../files/files.service.ts';

/**
 * Addresses of the public pages. Each language has its own URL (`?lang=en`, `?lang=ar`), which is the
 * page's canonical URL; the bare URL chooses by Accept-Language and is the `x-default` alternate.
 */

const withLang = (url: string, lang: Language | null) => (lang ? `${url}?lang=${lang}` : url);

export const catalogueUrl = (appUrl: string, lang: Language | null, page = 1): string => {
  const url = withLang(`${appUrl}/courses`, lang);
  if (page <= 1) return url;
  return `${url}${lang ? '&' : '?'}page=${page}`;
};

export const courseUrl = (appUrl: string, id: string, lang: Language | null): string =>
  withLang(`${appUrl}/courses/${id}`, lang);

/** Sign-up (or log-in) in the SPA, in the page's language, coming back to the course afterwards. */
export const enrolUrl = (kind: 'signup' | 'login', id: string, lang: Language): string =>
  `/${kind}?next=${encodeURIComponent(`/course/${id}`)}&lang=${lang}`;

export const fileAbsoluteUrl = (appUrl: string, fileId: string): string => `${appUrl}${fileUrl(fileId)}`;
