import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type EmailBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const resendVerification = (body: EmailBody) =>
  apiFetch('/auth/resend-verification', { body, schema: messageResponseSchema, bearer: null });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
