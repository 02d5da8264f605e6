import { queryOptions } from '@tanstack/react-query';
import {
  API_PREFIX,
  type certificateVerificationResponseSchema,
  type credentialVerificationResponseSchema,
} from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** Public addresses of a certificate's Open Badges credential (no sign-in needed). */
export const credentialDownloads = (id: string) => ({
  json: `${API_PREFIX}/certificates/${encodeURIComponent(id)}/credential`,
  jwt: `${API_PREFIX}/certificates/${encodeURIComponent(id)}/credential.jwt`,
});

/** Who completed which course, when: the public facts of a certificate. */
export const certificateDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: ['certificates', id, 'details'],
    queryFn: async ({ signal }) =>
      (
        await apiFetch<typeof certificateVerificationResponseSchema>(
          `/certificates/${encodeURIComponent(id)}`,
          {
            bearer: null,
            signal,
          },
        )
      ).data,
    staleTime: 60_000,
    retry: false,
  });

/**
 * The signature check, done as any third party would: download the signed credential (VC-JWT), then
 * ask the server to verify it against the published key.
 */
export const credentialVerdictQuery = (id: string) =>
  queryOptions({
    queryKey: ['certificates', id, 'verdict'],
    queryFn: async ({ signal }) => {
      const response = await fetch(credentialDownloads(id).jwt, { signal });
      if (!response.ok) throw new Error(`credential download failed: ${response.status}`);
      return verifyCredential(await response.text(), signal);
    },
    staleTime: 60_000,
    retry: false,
  });

export const verifyCredential = async (credential: string, signal?: AbortSignal) =>
  (
    await apiFetch<typeof credentialVerificationResponseSchema>('/credentials/verify', {
      body: { credential },
      bearer: null,
      signal,
    })
  ).data;
