import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const loginAdmin = async (body: LoginBody) =>
  (await apiFetch('/auth/login-admin', { body, schema: loginResponseSchema, bearer: null })).data;

export const useLoginAdmin = () => useMutation({ mutationFn: loginAdmin });
