import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FiCheck, FiGlobe } from 'react-icons/fi';
import { LANGUAGES } from '@app/shared';
import { NATIVE_NAMES } from '../../../components/language-toggle.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';

/**
 * The landing page's language menu: the same look as the app's LanguageToggle, as plain markup
 * that ../enhance.ts makes work (open, close on Escape or an outside click, arrow keys, choose).
 */
export function LandingLanguageMenu({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const id = useId();
  return (
    <div data-language-menu className={`relative ${className}`}>
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
        hidden
        className="absolute end-0 top-full z-50 mt-1.5 min-w-36 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
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
            className="flex w-full cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm text-ink outline-none hover:bg-primary-light focus:bg-primary-light"
          >
            {NATIVE_NAMES[code]}
            {code === language ? <FiCheck aria-hidden="true" /> : null}
          </button>
        ))}
      </div>
    </div>
  );
}
