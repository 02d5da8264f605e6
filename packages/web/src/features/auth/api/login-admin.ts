import { useMutation } from '@tanstack/react-query';
import type { loginResponseSchema, LoginBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const loginAdmin = async (body: LoginBody) =>
  (await apiFetch<typeof loginResponseSchema>('/auth/login-admin', { body, bearer: null })).data;

export const useLoginAdmin = () => useMutation({ mutationFn: loginAdmin });
