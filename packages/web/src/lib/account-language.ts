import type { Language, UpdateUserBody, User, userResponseSchema } from '@app/shared';
import { changeLanguage, chosenLanguage, currentLanguage } from '../i18n/i18n.ts';
import { apiFetch } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { currentUserQuery, getToken, STORAGE } from './session.ts';
import { localStore } from './browser-storage.ts';

/**
 * The signed-in account's language: the one the server writes its mails in when no page asks
 * (decision 137). Loaded only once someone is signed in (the language menu and the sign-in import it
 * on demand), so the public pages carry none of it.
 */

/**
 * Saves `language` as the signed-in account's. Quietly: the interface has switched already and the
 * choice is kept on this device; if the save fails (offline, the server away) the account keeps its
 * language until the next choice or sign-in saves it, which is nothing to alarm the reader with while
 * they read the page they asked for. A dead session is still noticed, as on any request.
 */
export async function saveAccountLanguage(language: Language): Promise<void> {
  if (!getToken()) return;
  const body: UpdateUserBody = { preferred_language: language };
  try {
    const answer = await apiFetch<typeof userResponseSchema>('/auth/user', { method: 'PATCH', body });
    queryClient.setQueryData(currentUserQuery.queryKey, answer.data.user);
    if (localStore.getItem(STORAGE.languageUnsaved) === language)
      localStore.removeItem(STORAGE.languageUnsaved);
  } catch {
    // See above: the choice stands on this device.
  }
}

/**
 * At sign-in, the device and the account agree on one language. A language chosen on this device
 * (the menu, a link's `?lang=`) is the one the person is reading now: the account takes it. A device
 * where none was ever chosen (a fresh browser, English by default) takes the account's.
 */
export function settleLanguageAtSignIn(user: User): void {
  const chosen = chosenLanguage();
  if (chosen === null) {
    if (user.preferred_language !== currentLanguage()) void changeLanguage(user.preferred_language);
  } else if (chosen !== user.preferred_language) void saveAccountLanguage(chosen);
}

/**
 * On a signed-in screen: a language chosen while signed in on a page that could not tell the account
 * (the landing page, lib/language-menu.ts) is saved now, if it is still the device's choice.
 */
export function saveLanguageLeftUnsaved(user: User): void {
  const unsaved = localStore.getItem(STORAGE.languageUnsaved);
  const chosen = chosenLanguage();
  if (unsaved && unsaved === chosen && chosen !== user.preferred_language) void saveAccountLanguage(chosen);
  else localStore.removeItem(STORAGE.languageUnsaved);
}
