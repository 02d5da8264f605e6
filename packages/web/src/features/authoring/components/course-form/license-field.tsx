import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Trans } from '@lingui/react/macro';
import { COURSE_LICENSES, LICENSE_INFO, licenseBadgeDataUrl } from '@app/shared';
import { useLanguage } from '../../../../i18n/use-language.ts';

/**
 * The course's licence as a radio group (one choice of five, all visible, keyboard: arrows move
 * between them). Each option shows the badge and the licence's name in the reader's language.
 */
/** Disabled with the rest of the form by the surrounding fieldset when editing is locked. */
export function LicenseField({ field }: { field: UseFormRegisterReturn<'license'> }) {
  const language = useLanguage();
  const hintId = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={hintId} data-testid="license-field">
      <legend className="text-sm font-semibold text-ink">
        <Trans>Licence</Trans>
      </legend>
      <p id={hintId} className="text-sm text-muted">
        <Trans>
          Learners and visitors see it on the course pages and on the certificate.{' '}
          <a
            href="https://creativecommons.org/share-your-work/cclicenses/"
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-primary-darker underline underline-offset-2"
          >
            About these licences
          </a>
        </Trans>
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {COURSE_LICENSES.map((license) => {
          const info = LICENSE_INFO[license];
          return (
            <label
              key={license}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-gray-300 bg-white p-3 has-checked:border-primary-dark has-checked:bg-primary-light has-disabled:cursor-not-allowed"
            >
              <input type="radio" value={license} className="mt-1 size-4 accent-primary-dark" {...field} />
              <span className="flex flex-col gap-1">
                <img src={licenseBadgeDataUrl(license)} alt="" className="h-5 w-auto self-start" />
                <span className="text-sm text-ink">{language === 'ar' ? info.name_ar : info.name}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
