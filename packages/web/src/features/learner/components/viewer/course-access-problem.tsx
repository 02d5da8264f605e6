import type { ReactNode } from 'react';
import type { ErrorCourse } from '@app/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { FiArrowLeft, FiLock, FiSearch } from 'react-icons/fi';
import { Button } from '../../../../components/ui/button.tsx';
import { LanguageToggle } from '../../../../components/language-toggle.tsx';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { useHeadingTakesFocusWhenGone } from '../../../../lib/focus-page-heading.ts';
import { dirOf, pickLocalized } from '../../../../lib/localized.ts';
import { paths } from '../../../../lib/paths.ts';
import { notify } from '../../../../lib/toast.ts';
import { useEnrollCourse } from '../../api/enroll-course.ts';

/**
 * The page around the viewer's loading, error and access states: a way back to the dashboard and the
 * language control, so the learner is never stranded.
 */
export function ViewerFrame({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <header className="flex items-center justify-between gap-4 border-b border-gray-200 bg-white px-4 py-3 sm:px-6">
        <Link
          to={paths.dashboard}
          className="flex min-h-10 items-center gap-2 rounded-md text-base font-semibold text-primary-darker hover:underline"
        >
          <FiArrowLeft aria-hidden="true" size={20} className="rtl:rotate-180" />
          <span>{t`Back to dashboard`}</span>
        </Link>
        <LanguageToggle />
      </header>
      {children}
    </div>
  );
}

/** Back to the catalogue: the page's one way on, or beside "Start Learning" (then not primary). */
function BrowseCourses({ primary = false }: { primary?: boolean }) {
  const look = primary
    ? 'bg-primary-dark text-white hover:bg-primary-darker'
    : 'border border-primary-dark text-primary-darker hover:bg-primary-light';
  return (
    <Link
      to={paths.dashboard}
      className={`inline-flex min-h-10 items-center rounded-md px-4 py-2 text-sm font-semibold ${look}`}
    >
      <Trans>Browse courses</Trans>
    </Link>
  );
}

/**
 * "Start Learning": enrolled, the course replaces the page; refused because the course has just
 * closed, the page says so without it. Either way the button goes with the focus in it, and the
 * heading of what replaced it takes the focus (decision 164). A component of its own, as it leaves
 * while the page stays (the reason changes).
 */
function StartLearning({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const button = useHeadingTakesFocusWhenGone<HTMLButtonElement>();
  return (
    <Button ref={button} loading={loading} onClick={onClick}>
      <Trans>Start Learning</Trans>
    </Button>
  );
}

/**
 * Why the course is not shown: not enrolled in a catalogue course (they may join it), not enrolled in
 * one taken out of the catalogue (no one may join it now: decision 104), or not found.
 */
export type AccessProblem = 'not-enrolled' | 'closed' | 'not-found';

/**
 * What a learner sees instead of a crash when the course is not theirs to open. Only a course they can
 * join offers "Start Learning": anywhere else the button could only fail.
 */
export function CourseAccessProblem({
  courseId,
  reason,
  course,
}: {
  courseId: string;
  reason: AccessProblem;
  /** The course, when the refusal named it (NOT_ENROLLED): a shared link's reader learns which it is. */
  course?: ErrorCourse;
}) {
  const enroll = useEnrollCourse();
  const language = useLanguage();
  const title = course && pickLocalized(language, course.title, course.title_tr);
  return (
    <ViewerFrame>
      <main className="flex flex-1 items-center justify-center px-4 py-10">
        <div className="flex max-w-md flex-col items-center gap-4 rounded-lg border border-gray-200 bg-white p-8 text-center shadow-sm">
          {reason === 'closed' ? (
            <>
              <FiLock aria-hidden="true" size={36} className="text-primary-dark" />
              <h1 className="text-xl font-bold text-ink">
                <Trans>This course is not open for enrolment</Trans>
              </h1>
              <p className="text-muted">
                <Trans>It has been taken out of the course catalogue, so no one can join it now.</Trans>
              </p>
              <BrowseCourses primary />
            </>
          ) : reason === 'not-enrolled' ? (
            <>
              <FiLock aria-hidden="true" size={36} className="text-primary-dark" />
              <h1 className="text-xl font-bold text-ink">
                <Trans>You are not enrolled in this course</Trans>
              </h1>
              {title && (
                <p
                  className="text-lg font-semibold text-balance text-ink"
                  lang={title.lang}
                  dir={dirOf(title.lang)}
                >
                  {title.text}
                </p>
              )}
              <p className="text-muted">
                <Trans>Enrol to watch its videos, read its documents and take its quizzes.</Trans>
              </p>
              <div className="flex flex-wrap justify-center gap-3">
                <StartLearning
                  loading={enroll.isPending}
                  onClick={() => enroll.mutate(courseId, { onError: (error) => notify.error(error.message) })}
                />
                <BrowseCourses />
              </div>
            </>
          ) : (
            <>
              <FiSearch aria-hidden="true" size={36} className="text-primary-dark" />
              <h1 className="text-xl font-bold text-ink">
                <Trans>Course not found</Trans>
              </h1>
              <p className="text-muted">
                <Trans>This course does not exist or is no longer available.</Trans>
              </p>
              <BrowseCourses primary />
            </>
          )}
        </div>
      </main>
    </ViewerFrame>
  );
}
