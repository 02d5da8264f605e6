import { useEffect, useId, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FiCheck, FiGlobe } from 'react-icons/fi';
import { LANGUAGES, type Language } from '@app/shared';
import { changeLanguage, directionOf } from '../i18n/i18n.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { languageMenu } from '../lib/language-menu.ts';
import { getToken } from '../lib/session-storage.ts';
import { withAccountLanguage } from '../lib/with-account-language.ts';

/** Each language is named in itself, so a reader can find theirs whatever is active. */
export const NATIVE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

/**
 * Switches the interface at once; for someone signed in, the account's language follows (its mails are
 * written in it, decision 137), saved in the background by a module only they load.
 */
function choose(language: Language) {
  void changeLanguage(language);
  if (getToken()) withAccountLanguage((account) => account.saveAccountLanguage(language));
}

/**
 * The language menu of every screen (landing, auth pages, dashboards, viewer): plain markup whose
 * behaviour is lib/language-menu.ts on lib/menu.ts (decisions 034, 037) — a few hundred bytes instead of Radix's
 * menu with Floating UI, and it already works on a prerendered page before React hydrates it.
 * `live` (the app): the effect attaches the behaviour with an in-place switch; the static landing
 * page attaches it itself (features/landing/enhance.ts), with a reload. `align`: the button's edge
 * the menu lines up with, the end in a header's end (it opens back across the page), the start where
 * the button begins a narrow box (the landing sidebar, which would cut it off).
 */
export function LanguageToggle({
  className = '',
  live = true,
  align = 'end',
}: {
  className?: string;
  live?: boolean;
  align?: 'start' | 'end';
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!live || !ref.current) return;
    const controller = new AbortController();
    languageMenu(ref.current, controller.signal, choose);
    return () => controller.abort();
  }, [live]);
  return (
    <div ref={ref} data-language-menu className={`relative ${className}`}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded="false"
        aria-controls={id}
        aria-label={t`Language: ${NATIVE_NAMES[language]}`}
        data-testid="language-toggle"
        className="inline-flex min-h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50"
      >
        <FiGlobe aria-hidden="true" />
        <span lang={language}>{NATIVE_NAMES[language]}</span>
      </button>
      <div
        id={id}
        role="menu"
        dir={directionOf(language)}
        hidden
        className={`absolute ${align === 'start' ? 'start-0' : 'end-0'} top-full z-50 mt-1.5 min-w-36 rounded-md border border-gray-200 bg-white p-1 shadow-lg`}
      >
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            role="menuitemradio"
            aria-checked={code === language}
            tabIndex={-1}
            lang={code}
            data-language={code}
            // Centred: each name is in its own script, and a name aligned to the menu's start sat on the
            // wrong side for itself ("العربية" at the left of the English menu, "English" at the right of
            // the Arabic one). The check keeps its place at the menu's end, in the padding.
            className="relative flex w-full cursor-pointer items-center justify-center rounded px-8 py-2 text-sm text-ink outline-none hover:bg-primary-light focus:bg-primary-light"
          >
            {NATIVE_NAMES[code]}
            {code === language ? <FiCheck aria-hidden="true" className="absolute end-3" /> : null}
          </button>
        ))}
      </div>
    </div>
  );
}
