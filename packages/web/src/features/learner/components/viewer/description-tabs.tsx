import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LearnerCourse } from '@app/shared';
import { pickLocalized, dirOf } from '../../../../lib/localized.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { LicenseBadge } from '../../../../components/license-badge.tsx';
import type { Selection } from './viewer-model.ts';

/**
 * The tab bar under the player. Its first tab (tab1), "Course description", shows the selected
 * resource's description, or the course's when nothing (or the certificate) is selected, and the
 * course's licence. It is the only tab, so it is plain markup: nothing to switch, and no Radix tabs
 * (roving focus, presence) in the viewer's JavaScript (decision 037).
 */
export function DescriptionTabs({ course, selection }: { course: LearnerCourse; selection: Selection }) {
  const { t } = useLingui();
  const language = useLanguage();
  const id = useId();
  const description =
    selection.kind === 'resource' && selection.resource.description.trim()
      ? pickLocalized(language, selection.resource.description, selection.resource.description_tr)
      : pickLocalized(language, course.description, course.description_tr);
  return (
    <div className="rounded-lg border border-gray-200 bg-white">
      <div role="tablist" aria-label={t`About this course`} className="flex border-b border-gray-200 px-2">
        <button
          type="button"
          role="tab"
          id={`${id}-tab`}
          aria-selected="true"
          aria-controls={`${id}-panel`}
          className="-mb-px border-b-2 border-primary-dark px-4 py-3 text-sm font-semibold text-ink"
        >
          <Trans>Course description</Trans>
        </button>
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab`} tabIndex={0} className="p-4">
        <p lang={description.lang} className="whitespace-pre-line text-ink" data-testid="description-text">
          {/* Isolated inline: the paragraph keeps the page's alignment whatever the text's script. */}
          <bdi dir={dirOf(description.lang)}>{description.text}</bdi>
        </p>
        <p className="mt-4 flex flex-wrap items-center gap-2 border-t border-gray-200 pt-3 text-sm text-muted">
          <span className="font-semibold text-ink">
            <Trans>Licence</Trans>
          </span>
          <LicenseBadge license={course.license} />
        </p>
      </div>
    </div>
  );
}
