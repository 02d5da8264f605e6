import { useEffect, useRef } from 'react';
import { Trans } from '@lingui/react/macro';
import type { LearnerCourse, LearnerResource } from '@app/shared';
import { pickLocalized, dirOf } from '../../../../lib/localized.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { CertificateView } from './certificate-view.tsx';
import { LessonDone, useLessonCompletion } from './lesson-done.tsx';
import { LazyPdfViewer } from './lazy-pdf-viewer.tsx';
import { Quiz } from './quiz.tsx';
import { VideoFrame } from './video-frame.tsx';
import { NextItem } from './next-item.tsx';
import { bestQuizScore, hasStarted, itemAfter, selectedIdOf, type Selection } from './viewer-model.ts';
import { CourseWelcome } from './course-welcome.tsx';

/**
 * The left area of the viewer: the selected resource (quiz, PDF, certificate, otherwise the video
 * frame), under a heading that receives focus when the learner picks something from the list.
 */
export function ResourceView({
  course,
  selection,
  focusRequest,
  completed,
  next,
  certificateEarned,
  onSelect,
  onFocusRequest,
}: {
  course: LearnerCourse;
  selection: Selection;
  /** The first item still to do (`nextStep`); undefined until the learner's progress is known. */
  next: LearnerResource | null | undefined;
  certificateEarned: boolean;
  onSelect: (id: string) => void;
  /** The video and PDF lessons the learner has completed. */
  completed: ReadonlySet<string>;
  /**
   * A new one each time the learner picks an item: once that item is the one shown (null: the welcome
   * panel), its heading takes focus. The address changes after the pick is made, so focusing at the
   * pick itself would focus the heading of what is about to go (from the welcome panel, focus was then
   * lost to the page).
   */
  focusRequest: { id: string | null } | null;
  /**
   * Asks for such a focus without a pick: a quiz removed while it was taken takes its Submit button
   * with it, a lesson removed its "Mark as done", and the focus goes to the heading of what the viewer
   * shows in its place (decision 111).
   */
  onFocusRequest?: (id: string | null) => void;
}) {
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  const lessons = useLessonCompletion(course._id, completed, onFocusRequest);
  const shownId = selectedIdOf(selection);
  useEffect(() => {
    if (focusRequest && focusRequest.id === shownId) heading.current?.focus();
  }, [focusRequest, shownId]);

  const courseTitle = pickLocalized(language, course.title, course.title_tr);

  if (selection.kind === 'none')
    return (
      <CourseWelcome
        course={course}
        next={next}
        started={hasStarted(course, completed)}
        certificateEarned={certificateEarned}
        onSelect={onSelect}
        headingRef={heading}
      />
    );

  if (selection.kind === 'certificate')
    return (
      <div className="flex flex-col gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-ink outline-none">
          <Trans>Your certificate</Trans>
        </h2>
        <CertificateView courseId={course._id} courseTitle={courseTitle.text} />
      </div>
    );

  const { resource } = selection;
  const title = pickLocalized(language, resource.title, resource.title_tr);
  // The item that follows in the course content, under a completed lesson or a quiz's result.
  const after = itemAfter(course, resource._id, certificateEarned);
  const nextItem = after ? <NextItem item={after} onSelect={onSelect} /> : null;
  return (
    <div className="flex flex-col gap-3">
      <h2 ref={heading} tabIndex={-1} lang={title.lang} className="text-xl font-bold text-ink outline-none">
        {/* Isolated inline: the heading keeps the page's alignment whatever the title's script. */}
        <bdi dir={dirOf(title.lang)}>{title.text}</bdi>
      </h2>
      {resource.type === 'quiz' ? (
        <Quiz
          key={resource._id}
          courseId={course._id}
          resource={resource}
          best={bestQuizScore(course, resource._id)}
          onGone={onFocusRequest}
          next={nextItem}
        />
      ) : (
        <>
          {resource.type === 'pdf' ? (
            <LazyPdfViewer
              key={resource._id}
              file={resource.file}
              title={title.text}
              onLastPage={() => lessons.complete(resource._id, 'automatic')}
            />
          ) : (
            <VideoFrame
              key={resource._id}
              link={resource.link}
              title={title.text}
              lang={title.lang}
              onWatched={() => lessons.complete(resource._id, 'automatic')}
            />
          )}
          <LessonDone
            done={completed.has(resource._id)}
            pending={lessons.pendingId === resource._id}
            onMarkDone={() => lessons.complete(resource._id, 'manual')}
            next={nextItem}
          />
        </>
      )}
    </div>
  );
}
