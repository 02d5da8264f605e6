import { useMutation } from '@tanstack/react-query';
import type { messageResponseSchema, ResendVerificationBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const resendVerification = (body: ResendVerificationBody) =>
  apiFetch<typeof messageResponseSchema>('/auth/resend-verification', { body, bearer: null });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
