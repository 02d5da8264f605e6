import { useMutation } from '@tanstack/react-query';
import { signupResponseSchema, type SignupBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const signup = (body: SignupBody) =>
  apiFetch('/auth/signup', { body, schema: signupResponseSchema, bearer: null });

export const useSignup = () => useMutation({ mutationFn: signup });
