import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { LoginResponse } from '@app/shared';
import {
  currentUserQuery,
  homeFor,
  rememberNextAfterVerification,
  storeSession,
} from '../../../lib/session.ts';
import { localStore } from '../../../lib/browser-storage.ts';
import { notify } from '../../../lib/toast.ts';
import { withAccountLanguage } from '../../../lib/with-account-language.ts';

/**
 * After any successful sign-in: keep the token and user id (description §4), start from a clean
 * cache (nothing of a previous user survives), let the device and the account agree on a language
 * (decision 137), then go back to where the user was sent from (`next`, same-site only) or to their
 * role's board. A browser that keeps no data for the site is told what that means (decision 157).
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
      if (localStore.inMemory())
        notify.info(
          t`This browser keeps no data for this site, so you stay signed in only until this page is reloaded or closed.`,
        );
    },
    [navigate, queryClient],
  );
}
