import { useMutation } from '@tanstack/react-query';
import type { messageResponseSchema, oidcSignInResponseSchema, OidcProvider, SignupRole } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Exchanges a provider's authorization code (sent as the bearer) for a session of this app, or, for a
 * provider that shares no e-mail (ORCID), for a ticket to the e-mail step.
 */
export const oidcSignIn = async ({
  provider,
  code,
  role,
}: {
  provider: OidcProvider;
  code: string;
  role: SignupRole;
}) =>
  (
    await apiFetch<typeof oidcSignInResponseSchema>(`/auth/oidc/${provider}`, {
      body: { role },
      bearer: code,
    })
  ).data;

export const useOidcSignIn = () => useMutation({ mutationFn: oidcSignIn });

/** The e-mail step: the server creates the account and mails our verification link. */
export const useOidcEmail = () =>
  useMutation({
    mutationFn: async (body: { ticket: string; email: string }) =>
      (await apiFetch<typeof messageResponseSchema>('/auth/oidc/email', { body, bearer: null })).message,
  });
