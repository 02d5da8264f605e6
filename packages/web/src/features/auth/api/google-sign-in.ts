import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type SignupRole } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** Exchanges the Google authorization code (sent as the bearer) for a session of this app. */
export const googleSignIn = async ({ code, role }: { code: string; role: SignupRole }) =>
  (
    await apiFetch('/auth/googlesignin', {
      body: { role },
      schema: loginResponseSchema,
      bearer: code,
    })
  ).data;

export const useGoogleSignIn = () => useMutation({ mutationFn: googleSignIn });
