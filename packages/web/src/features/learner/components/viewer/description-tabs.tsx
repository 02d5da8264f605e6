import * as Tabs from '@radix-ui/react-tabs';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LearnerCourse } from '@app/shared';
import { pickLocalized } from '../../../../lib/localized.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { LicenseBadge } from '../../../../components/license-badge.tsx';
import type { Selection } from './viewer-model.ts';

/**
 * The tab bar under the player. Its first tab (tab1), "Course description", shows the selected
 * resource's description, or the course's when nothing (or the certificate) is selected, and the
 * course's licence.
 */
export function DescriptionTabs({ course, selection }: { course: LearnerCourse; selection: Selection }) {
  const { t } = useLingui();
  const language = useLanguage();
  const description =
    selection.kind === 'resource' && selection.resource.description.trim()
      ? pickLocalized(language, selection.resource.description, selection.resource.description_tr)
      : pickLocalized(language, course.description, course.description_tr);
  return (
    <Tabs.Root defaultValue="tab1" className="rounded-lg border border-gray-200 bg-white">
      <Tabs.List aria-label={t`About this course`} className="flex border-b border-gray-200 px-2">
        <Tabs.Trigger
          value="tab1"
          className="-mb-px border-b-2 border-transparent px-4 py-3 text-sm font-semibold text-muted hover:text-ink data-[state=active]:border-primary-dark data-[state=active]:text-ink"
        >
          <Trans>Course description</Trans>
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="tab1" className="p-4">
        <p
          lang={description.lang}
          dir="auto"
          className="whitespace-pre-line text-ink"
          data-testid="description-text"
        >
          {description.text}
        </p>
        <p className="mt-4 flex flex-wrap items-center gap-2 border-t border-gray-200 pt-3 text-sm text-muted">
          <span className="font-semibold text-ink">
            <Trans>Licence</Trans>
          </span>
          <LicenseBadge license={course.license} />
        </p>
      </Tabs.Content>
    </Tabs.Root>
  );
}
