import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel, useShownFailure } from '../../../../components/ui/error-panel.tsx';
import { ApiError, namesNothing } from '../../../../lib/api-client.ts';
import { pickLocalized } from '../../../../lib/localized.ts';
import { SELECTED_LESSON_PARAM } from '../../../../lib/paths.ts';
import { useMediaQuery, WIDE_QUERY } from '../../../../lib/use-media-query.ts';
import { isolateText, useDocumentTitle } from '../../../../lib/use-document-title.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { courseProgressQuery } from '../../api/course-progress.ts';
import { learnerCourseQuery } from '../../api/get-learner-course.ts';
import { overallScoreQuery } from '../../api/get-overall-score.ts';
import { CourseAccessProblem, ViewerFrame, type AccessProblem } from './course-access-problem.tsx';
import { CourseContent } from './course-content.tsx';
import { DescriptionTabs } from './description-tabs.tsx';
import { ResourceView } from './resource-view.tsx';
import { ViewerHeader } from './viewer-header.tsx';
import { ViewerSkeleton } from './viewer-skeleton.tsx';
import { findSelection, hasEarnedCertificate, nextStep, selectedIdOf } from './viewer-model.ts';
import { useAddressParams } from '../../../../lib/address-params.ts';
import { useHeadingTakesFocusOnArrival } from '../../../../lib/focus-page-heading.ts';

/** Why the course cannot be shown to this learner, if the API said so (otherwise a failure to retry). */
function accessProblem(error: Error | null): AccessProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'NOT_ENROLLED') return 'not-enrolled';
  // Not joined, and out of the catalogue: enrolling would be refused too (decision 104).
  if (error.code === 'COURSE_NOT_AVAILABLE') return 'closed';
  return namesNothing(error) ? 'not-found' : null;
}

/**
 * /course/{id} (description §2): header with progress, the selected resource with its description
 * tab, and the collapsible course content list (on the end side from 1024 px, above the player below).
 */
export function CourseViewer({ courseId }: { courseId: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const wide = useMediaQuery(WIDE_QUERY);
  const [params, setParams] = useAddressParams();
  const selectedId = params.get(SELECTED_LESSON_PARAM);
  const course = useQuery(learnerCourseQuery(courseId));
  // The certificate follows the quiz score, or its issue (decision 104); the header shows the course
  // progress (decision 033).
  const overall = useQuery({ ...overallScoreQuery(courseId), enabled: course.isSuccess });
  const progress = useQuery({ ...courseProgressQuery(courseId), enabled: course.isSuccess });
  const completedIds = progress.data?.completed;
  const completed = useMemo(() => new Set(completedIds), [completedIds]);
  // Narrow screens start with the list open only while nothing is selected.
  const [contentOpen, setContentOpen] = useState<boolean | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ id: string | null } | null>(null);
  const failure = useShownFailure(course);
  const problem = course.data ? null : accessProblem(failure);
  // The tab says what the page's heading says.
  const problemTitles: Record<AccessProblem, string> = {
    'not-enrolled': t`You are not enrolled in this course`,
    closed: t`This course is not open for enrolment`,
    'not-found': t`Course not found`,
  };
  useDocumentTitle(
    course.data
      ? isolateText(pickLocalized(language, course.data.title, course.data.title_tr).text)
      : problem
        ? problemTitles[problem]
        : t`Course`,
  );
  // Description §8: a failed overall-score fetch is only logged; the bar then shows 0.
  useEffect(() => {
    if (overall.error) console.warn('Could not load the overall score:', overall.error.message);
    if (progress.error) console.warn('Could not load the course progress:', progress.error.message);
  }, [overall.error, progress.error]);

  const loading = course.isPending && !failure;
  // Opened by enrolling ("Start Learning" went with the catalogue): the heading takes the focus once
  // the course (or why it cannot be shown) is drawn, not the loading state's (decision 164).
  useHeadingTakesFocusOnArrival(!loading);

  // While the course loads, the page it will be: the same header, the layout in grey (decision 111).
  if (loading)
    return (
      <div className="flex min-h-screen flex-col bg-gray-50">
        <ViewerHeader title={null} progress={undefined} contentOpen={false} />
        <ViewerSkeleton />
      </div>
    );

  // A failed refetch keeps the course on screen; only a failed load replaces it.
  const data = course.data;
  if (!data) {
    if (problem)
      return (
        <CourseAccessProblem
          courseId={courseId}
          reason={problem}
          course={failure instanceof ApiError ? failure.course : undefined}
        />
      );
    return (
      <ViewerFrame>
        <main className="flex-1 px-4 py-10">
          <h1 className="sr-only">{t`Course`}</h1>
          <ErrorPanel
            message={t`We encountered an error while fetching your courses`}
            error={failure}
            onRetry={() => course.refetch()}
            retrying={course.isFetching}
          />
        </main>
      </ViewerFrame>
    );
  }

  const certificateEarned = hasEarnedCertificate(overall.data);
  const selection = findSelection(data, selectedId, certificateEarned);
  const isOpen = contentOpen ?? (wide || selection.kind === 'none');
  // Known once the learner's completed lessons are (quiz scores come with the course), and whether the
  // certificate is earned (a failed overall score counts as not earned, as the header's bar does).
  const next = progress.isSuccess && !overall.isPending ? nextStep(data, completed) : undefined;
  const title = pickLocalized(language, data.title, data.title_tr);

  const select = (id: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(SELECTED_LESSON_PARAM, id);
        return next;
      },
      { replace: true },
    );
    if (!wide) setContentOpen(false);
    setFocusRequest({ id });
  };

  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <ViewerHeader
        title={title}
        progress={progress.data?.progress}
        contentOpen={isOpen}
        onToggleContent={() => setContentOpen(!isOpen)}
      />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:items-start">
        {/* From 1024 px the list sticks 1.5rem (the row's own padding, so it does not move as it starts
            sticking) below the header, however tall the header is (large text, a wrapped panel:
            components/sticky-header.tsx measures it), and ends 1rem above the window's bottom. Until the
            header has measured itself, 4.5rem: where the list was with its fixed offset (6rem). */}
        <aside className="w-full lg:sticky lg:top-[calc(var(--sticky-header-height,4.5rem)+1.5rem)] lg:order-last lg:max-h-[calc(100vh-var(--sticky-header-height,4.5rem)-2.5rem)] lg:w-96 lg:shrink-0 lg:overflow-y-auto">
          <CourseContent
            course={data}
            selectedId={selectedIdOf(selection)}
            onSelect={select}
            open={isOpen}
            onToggle={() => setContentOpen(!isOpen)}
            certificateEarned={certificateEarned}
            completed={completed}
            nextId={next?._id ?? null}
          />
        </aside>
        <main className="flex min-w-0 flex-1 flex-col gap-6">
          <ResourceView
            course={data}
            selection={selection}
            focusRequest={focusRequest}
            completed={completed}
            next={next}
            certificateEarned={certificateEarned}
            onSelect={select}
            onFocusRequest={(id) => setFocusRequest({ id })}
          />
          <DescriptionTabs course={data} selection={selection} />
        </main>
      </div>
    </div>
  );
}
