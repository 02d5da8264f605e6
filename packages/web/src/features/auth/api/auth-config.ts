import { queryOptions } from '@tanstack/react-query';
import type { authConfigResponseSchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** Public sign-in settings (is Google sign-in offered, and where to send the browser for it). */
export const fetchAuthConfig = async () =>
  (await apiFetch<typeof authConfigResponseSchema>('/auth/config', { bearer: null })).data;

export const authConfigQuery = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: fetchAuthConfig,
  staleTime: Infinity,
  retry: false,
});
