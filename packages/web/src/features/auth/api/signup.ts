import { useMutation } from '@tanstack/react-query';
import type { signupResponseSchema, SignupBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const signup = (body: SignupBody) =>
  apiFetch<typeof signupResponseSchema>('/auth/signup', { body, bearer: null });

export const useSignup = () => useMutation({ mutationFn: signup });
