import { useMutation } from '@tanstack/react-query';
import type { resetPasswordResponseSchema, ResetPasswordBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** `resetToken` is the token of the forgot-password answer, never the session token. */
export const resetPassword = async ({ body, resetToken }: { body: ResetPasswordBody; resetToken: string }) =>
  (
    await apiFetch<typeof resetPasswordResponseSchema>('/auth/resetpassword', {
      method: 'PATCH',
      body,
      bearer: resetToken,
    })
  ).data;

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
