import type * as AccountLanguage from './account-language.ts';

/**
 * Runs `use` with lib/account-language.ts, loaded on demand: only signed-in readers need it, so the
 * public pages carry none of it (decision 137). Nothing happens if it cannot load (offline): the
 * language chosen stands on this device, and the account is told at the next choice or sign-in.
 */
export function withAccountLanguage(use: (account: typeof AccountLanguage) => unknown): void {
  import('./account-language.ts').then(use).catch(() => undefined);
}
