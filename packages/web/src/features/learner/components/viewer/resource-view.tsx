import { useEffect, useRef } from 'react';
import { Trans } from '@lingui/react/macro';
import { FiBookOpen } from 'react-icons/fi';
import type { LearnerCourse } from '@app/shared';
import { pickLocalized } from '../../../../lib/localized.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { CertificateView } from './certificate-view.tsx';
import { LessonDone, useLessonCompletion } from './lesson-done.tsx';
import { LazyPdfViewer } from './lazy-pdf-viewer.tsx';
import { Quiz } from './quiz.tsx';
import { VideoFrame } from './video-frame.tsx';
import type { Selection } from './viewer-model.ts';

/**
 * The left area of the viewer: the selected resource (quiz, PDF, certificate, otherwise the video
 * frame), under a heading that receives focus when the learner picks something from the list.
 */
export function ResourceView({
  course,
  selection,
  focusKey,
  completed,
}: {
  course: LearnerCourse;
  selection: Selection;
  /** The video and PDF lessons the learner has completed. */
  completed: ReadonlySet<string>;
  /** Changes when the learner picks an item; the heading then takes focus. */
  focusKey: number;
}) {
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  const lessons = useLessonCompletion(course._id, completed);
  useEffect(() => {
    if (focusKey > 0) heading.current?.focus();
  }, [focusKey]);

  const courseTitle = pickLocalized(language, course.title, course.title_tr);

  if (selection.kind === 'none')
    return (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-gray-200 bg-white p-6 text-center">
        {course.preview_image ? (
          <img
            src={course.preview_image}
            alt=""
            className="aspect-video w-full max-w-xl rounded-md object-cover"
          />
        ) : (
          <FiBookOpen aria-hidden="true" size={48} className="text-primary-dark" />
        )}
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-ink outline-none">
          <Trans>Welcome to the course</Trans>
        </h2>
        <p className="text-muted">
          <Trans>Choose a video, a reading or a quiz from the course content to begin.</Trans>
        </p>
      </div>
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
  return (
    <div className="flex flex-col gap-3">
      <h2
        ref={heading}
        tabIndex={-1}
        lang={title.lang}
        dir="auto"
        className="text-xl font-bold text-ink outline-none"
      >
        {title.text}
      </h2>
      {resource.type === 'quiz' ? (
        <Quiz key={resource._id} courseId={course._id} resource={resource} />
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
          />
        </>
      )}
    </div>
  );
}
