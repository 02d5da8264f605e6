import { Trans } from '@lingui/react/macro';
import type { CourseSummary } from '@app/shared';
import { formatDate, isoDate } from '../../../lib/dates.ts';
import { pickLocalized, dirOf } from '../../../lib/localized.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { StatusPill } from '../../../components/ui/status-pill.tsx';
import { ClampedText } from '../../../components/ui/clamped-text.tsx';
import { useHeadingTakesFocusWhenGone } from '../../../lib/focus-page-heading.ts';
import { ReviewNote } from './review-note.tsx';

/**
 * A contributor's course (description §2): status pill, preview image, title, description clamped to
 * three lines, the reviewer's note of a course sent back (decision 206), 'Created on' date and 'View details'. The whole card is clickable through the button's
 * stretched hit area, so there is one control per card for keyboard and screen reader users.
 */
export function CourseCard({
  course,
  onOpen,
}: {
  course: CourseSummary;
  onOpen: (courseId: string) => void;
}) {
  const language = useLanguage();
  const title = pickLocalized(language, course.title, course.title_tr);
  const description = pickLocalized(language, course.description, course.description_tr);
  const status = pickLocalized(language, course.status, course.status_tr);
  const titleId = `course-card-${course._id}`;
  // Archived from its form, the card leaves the list with the focus in it (decision 164).
  const card = useHeadingTakesFocusWhenGone<HTMLElement>();
  return (
    <article
      ref={card}
      aria-labelledby={titleId}
      className="relative flex w-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition-shadow card-focus-ring hover:shadow-md"
      data-testid="course-card"
    >
      <div className="relative aspect-[16/9] bg-gray-100">
        {course.preview_image ? (
          <img src={course.preview_image} alt="" className="h-full w-full object-cover" loading="lazy" />
        ) : null}
        <StatusPill
          status={course.status}
          board="contributor"
          label={status.text}
          lang={status.lang === language ? undefined : status.lang}
          className="absolute top-3 start-3 shadow"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {/* Title and description are isolated (<bdi>, dir="auto") while their boxes keep the page's
            direction, so Latin text still lines up with the page's Arabic. */}
        <h3
          id={titleId}
          lang={title.lang === language ? undefined : title.lang}
          className="text-lg font-semibold text-balance text-ink"
        >
          <bdi dir={dirOf(title.lang)}>{title.text}</bdi>
        </h3>
        <p lang={description.lang === language ? undefined : description.lang} className="text-sm text-muted">
          <ClampedText lines={3} dir={dirOf(description.lang)}>
            {description.text}
          </ClampedText>
        </p>
        {/* Sent back (decision 206): why, where the author looks first. */}
        {course.status === 'Rejected' && course.review_note ? (
          <ReviewNote note={course.review_note} status={course.status} variant="card" />
        ) : null}
        <p className="mt-auto pt-2 text-xs text-muted">
          <Trans>Created on</Trans>{' '}
          <time dateTime={isoDate(course.createdAt)}>{formatDate(course.createdAt, 'long', language)}</time>
        </p>
        <button
          type="button"
          onClick={() => onOpen(course._id)}
          aria-describedby={titleId}
          className="mt-2 inline-flex min-h-10 items-center self-start rounded-md border border-primary-dark px-4 py-2 text-sm font-semibold text-primary-darker after:absolute after:inset-0 after:content-[''] hover:bg-primary-light focus-visible:outline-none!"
        >
          <Trans>View details</Trans>
        </button>
      </div>
    </article>
  );
}
