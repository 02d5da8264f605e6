import { useMutation } from '@tanstack/react-query';
import { resetPasswordResponseSchema, type ResetPasswordBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** `resetToken` is the token of the forgot-password answer, never the session token. */
export const resetPassword = async ({ body, resetToken }: { body: ResetPasswordBody; resetToken: string }) =>
  (
    await apiFetch('/auth/resetpassword', {
      method: 'PATCH',
      body,
      schema: resetPasswordResponseSchema,
      bearer: resetToken,
    })
  ).data;

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
