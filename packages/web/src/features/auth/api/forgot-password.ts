import { useMutation } from '@tanstack/react-query';
import type { forgotPasswordResponseSchema, EmailBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const forgotPassword = async (body: EmailBody) =>
  (await apiFetch<typeof forgotPasswordResponseSchema>('/auth/forgotpassword', { body, bearer: null })).data;

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
