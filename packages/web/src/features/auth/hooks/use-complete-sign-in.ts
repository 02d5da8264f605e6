import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@app/shared';
import {
  currentUserQuery,
  homeFor,
  rememberNextAfterVerification,
  storeSession,
} from '../../../lib/session.ts';
import { withAccountLanguage } from '../../../lib/with-account-language.ts';

/**
 * After any successful sign-in: keep the token and user id (description §4), start from a clean
 * cache (nothing of a previous user survives), let the device and the account agree on a language
 * (decision 137), then go back to where the user was sent from (`next`, same-site only) or to their
 * role's board.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    ({ access_token, user }: LoginResponse['data'], next: string | null) => {
      queryClient.clear();
      storeSession(access_token, user._id);
      rememberNextAfterVerification(null);
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      withAccountLanguage((account) => account.settleLanguageAtSignIn(user));
      void navigate(next ?? homeFor(user.role), { replace: true });
    },
    [navigate, queryClient],
  );
}
