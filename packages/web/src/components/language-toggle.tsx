import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useLingui } from '@lingui/react/macro';
import { FiCheck, FiGlobe } from 'react-icons/fi';
import { LANGUAGES, type Language } from '@app/shared';
import { changeLanguage } from '../i18n/i18n.ts';
import { useLanguage } from '../i18n/use-language.ts';

/** Each language is named in itself, so a reader can find theirs whatever is active. */
export const NATIVE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

/**
 * The language dropdown used on the landing header, sidebar, auth pages, dashboards and viewer.
 * Closes on an outside click and on Escape; fully keyboard operable (Radix menu).
 */
export function LanguageToggle({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={`inline-flex min-h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50 ${className}`}
        aria-label={t`Language: ${NATIVE_NAMES[language]}`}
        data-testid="language-toggle"
      >
        <FiGlobe aria-hidden="true" />
        <span lang={language}>{NATIVE_NAMES[language]}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-36 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.RadioGroup
            value={language}
            onValueChange={(value) => void changeLanguage(value as Language)}
          >
            {LANGUAGES.map((code) => (
              <DropdownMenu.RadioItem
                key={code}
                value={code}
                lang={code}
                className="flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-primary-light"
              >
                {NATIVE_NAMES[code]}
                <DropdownMenu.ItemIndicator>
                  <FiCheck aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
