import { queryOptions } from '@tanstack/react-query';
import type { messageResponseSchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';

/**
 * The server's answer, with the language it was asked in: its message stays on screen after the
 * reader switches language, marked with it (as an `ApiError`'s is).
 */
export const verifyEmail = async (token: string) => {
  const lang = currentLanguage();
  const answer = await apiFetch<typeof messageResponseSchema>(
    `/auth/verifyemail/${encodeURIComponent(token)}`,
    { bearer: null },
  );
  return { ...answer, lang };
};

/**
 * The link is single use: as a query (never refetched, never retried) it is sent once however often
 * the page renders.
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
