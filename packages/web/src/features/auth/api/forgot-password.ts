import { useMutation } from '@tanstack/react-query';
import { forgotPasswordResponseSchema, type EmailBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const forgotPassword = async (body: EmailBody) =>
  (await apiFetch('/auth/forgotpassword', { body, schema: forgotPasswordResponseSchema, bearer: null })).data;

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
