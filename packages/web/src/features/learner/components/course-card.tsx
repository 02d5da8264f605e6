import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { FiBookOpen, FiCheckCircle } from 'react-icons/fi';
import type { CourseSummary } from '@app/shared';
import { Button } from '../../../components/ui/button.tsx';
import { ClampedText } from '../../../components/ui/clamped-text.tsx';
import { ProgressBar, clampPercent, formatPercent } from '../../../components/ui/progress-bar.tsx';
import { pickLocalized, dirOf } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';
import { notify } from '../../../lib/toast.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { FOCUS_RETURN } from '../../../lib/focus-return.ts';
import { HEADING_TAKES_FOCUS } from '../../../lib/focus-page-heading.ts';
import { useEnrollCourse } from '../api/enroll-course.ts';

/**
 * One course of the catalogue: cover, title and description in the reader's language (English
 * fallback marked with lang="en"), "By" author, then "Enrolled" (the whole card opens the course) or
 * "Start Learning" (enrols with a spinner on this card only, then opens the course). `eager` for
 * the cards of the first row, `first` for the first card.
 */
export function CourseCard({
  course,
  eager = false,
  first = false,
}: {
  course: CourseSummary;
  eager?: boolean;
  first?: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const navigate = useNavigate();
  const enroll = useEnrollCourse();
  const title = pickLocalized(language, course.title, course.title_tr);
  const courseTitle = title.text;
  const author = course.author;
  const description = pickLocalized(language, course.description, course.description_tr);

  // A cover that cannot be fetched (offline when a lazy one comes into view, a file gone) shows the
  // card's own placeholder, not the browser's broken-image sign; it is tried again once the browser is
  // back online.
  const [coverFailed, setCoverFailed] = useState(false);
  useEffect(() => {
    if (!coverFailed) return;
    const retry = () => setCoverFailed(false);
    addEventListener('online', retry);
    return () => removeEventListener('online', retry);
  }, [coverFailed]);
  const start = () =>
    enroll.mutate(course._id, {
      // The button goes with the catalogue: the course's heading takes the focus (decision 164).
      onSuccess: () => void navigate(paths.course(course._id), { state: HEADING_TAKES_FOCUS }),
      onError: (error) => notify.error(error.message),
    });

  return (
    <article
      className={`relative flex w-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition-shadow ${
        course.enrolled ? 'card-focus-ring hover:shadow-md' : ''
      }`}
      data-testid="course-card"
      // Back from the course returns the focus to this card, though its button became a link.
      {...{ [FOCUS_RETURN]: course._id }}
    >
      {course.preview_image && !coverFailed ? (
        <img
          src={course.preview_image}
          alt=""
          onError={() => setCoverFailed(true)}
          // The first row is fetched at once, the rest when scrolled to. Only the first cover, the page's
          // largest paint on every layout, goes before everything else (the shell preloads it too).
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          className="aspect-video w-full bg-gray-100 object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex aspect-video w-full items-center justify-center bg-primary-light"
        >
          <FiBookOpen size={40} className="text-primary-dark" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        {/* Title and description are isolated (<bdi>, dir="auto": their order follows their own first
            letters) while their boxes keep the page's direction, so Latin text lines up with the page's
            Arabic. */}
        <h2 className="text-lg leading-snug font-bold text-balance text-ink" lang={title.lang}>
          {course.enrolled ? (
            // The link's box covers the card, so clicking anywhere on an enrolled card opens it.
            <Link
              to={paths.course(course._id)}
              className="outline-none! after:absolute after:inset-0 after:content-[''] hover:underline"
            >
              <bdi dir={dirOf(title.lang)}>{title.text}</bdi>
            </Link>
          ) : (
            <bdi dir={dirOf(title.lang)}>{title.text}</bdi>
          )}
        </h2>
        <p className="text-sm text-muted" lang={description.lang}>
          <ClampedText lines={3} dir={dirOf(description.lang)}>
            {description.text}
          </ClampedText>
        </p>
        <p className="text-sm text-ink">
          <Trans>
            By <bdi className="font-semibold">{author}</bdi>
          </Trans>
        </p>
        <div className="mt-auto pt-2">
          {course.enrolled ? (
            <div className="flex flex-col gap-2">
              <span className="inline-flex items-center gap-1.5 self-start rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">
                <FiCheckCircle aria-hidden="true" />
                <Trans>Enrolled</Trans>
              </span>
              <CardProgress value={course.progress ?? 0} courseTitle={courseTitle} />
            </div>
          ) : (
            <Button onClick={start} loading={enroll.isPending} aria-label={t`Start Learning: ${courseTitle}`}>
              <Trans>Start Learning</Trans>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** "N % complete" with a bar: the learner's course progress (lessons and quiz scores; decision 033). */
function CardProgress({ value, courseTitle }: { value: number; courseTitle: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const percent = formatPercent(language, clampPercent(value));
  return (
    <div className="flex flex-col gap-1" data-testid="card-progress">
      <span className="text-sm font-semibold text-ink tabular-nums">
        <Trans>{percent} complete</Trans>
      </span>
      <ProgressBar
        value={value}
        label={t`Progress: ${courseTitle}`}
        showValue={false}
        size="card"
        fullWidth
        className="w-full"
      />
    </div>
  );
}
