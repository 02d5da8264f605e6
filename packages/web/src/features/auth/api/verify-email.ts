import { queryOptions } from '@tanstack/react-query';
import type { messageResponseSchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const verifyEmail = (token: string) =>
  apiFetch<typeof messageResponseSchema>(`/auth/verifyemail/${encodeURIComponent(token)}`, {
    bearer: null,
  });

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
