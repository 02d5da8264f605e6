import { Trans } from '@lingui/react/macro';
import type { Course } from '@app/shared';
import { formatDate, isoDate } from '../../../../lib/dates.ts';
import { pickLocalized } from '../../../../lib/localized.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { StatusPill } from '../../../../components/ui/status-pill.tsx';

/** Above an existing course's fields: its status, when it was created and last updated. */
export function CourseMeta({ course }: { course: Course }) {
  const language = useLanguage();
  const status = pickLocalized(language, course.status, course.status_tr);
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-muted">
      {status ? (
        <span className="inline-flex items-center gap-2">
          <Trans>Status:</Trans>
          <StatusPill status={course.status} board="contributor" label={status.text} lang={status.lang} />
        </span>
      ) : null}
      <span>
        <Trans>Created on</Trans>{' '}
        <time dateTime={isoDate(course.createdAt)}>{formatDate(course.createdAt, 'long', language)}</time>
      </span>
      <span>
        <Trans>Last updated</Trans>{' '}
        <time dateTime={isoDate(course.updatedAt)}>{formatDate(course.updatedAt, 'long', language)}</time>
      </span>
    </div>
  );
}
