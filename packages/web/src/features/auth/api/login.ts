import { useMutation } from '@tanstack/react-query';
import type { loginResponseSchema, LoginBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

// Sign-in calls never carry a stored (possibly stale) session token.
export const login = async (body: LoginBody) =>
  (await apiFetch<typeof loginResponseSchema>('/auth/login', { body, bearer: null })).data;

export const useLogin = () => useMutation({ mutationFn: login });
