import { useMutation } from '@tanstack/react-query';
import type { messageResponseSchema, EmailBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const resendVerification = (body: EmailBody) =>
  apiFetch<typeof messageResponseSchema>('/auth/resend-verification', { body, bearer: null });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
