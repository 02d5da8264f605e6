import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

// Sign-in calls never carry a stored (possibly stale) session token.
export const login = async (body: LoginBody) =>
  (await apiFetch('/auth/login', { body, schema: loginResponseSchema, bearer: null })).data;

export const useLogin = () => useMutation({ mutationFn: login });
