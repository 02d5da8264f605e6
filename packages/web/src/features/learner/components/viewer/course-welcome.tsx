import type { Ref } from 'react';
import { Trans } from '@lingui/react/macro';
import { FiBookOpen, FiRotateCcw } from 'react-icons/fi';
import type { LearnerCourse, LearnerResource } from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import { pickLocalized, dirOf } from '../../../../lib/localized.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { NextItem } from './next-item.tsx';
import { CERTIFICATE_ID, weakestQuiz } from './viewer-model.ts';

/**
 * The viewer with nothing selected: the course's picture and a welcome, and the way on (decision 094):
 * "Start" with the first item, "Continue" with the first one still to do, or, once every item has
 * been done, the certificate if earned, else a retake of the quiz with the lowest score. Until the learner's progress is known (`next` undefined), only
 * the invitation to choose from the course content.
 */
export function CourseWelcome({
  course,
  next,
  started,
  certificateEarned,
  onSelect,
  headingRef,
}: {
  course: LearnerCourse;
  next: LearnerResource | null | undefined;
  started: boolean;
  certificateEarned: boolean;
  onSelect: (id: string) => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const language = useLanguage();
  // Greeted as returning only once the way on is known, so the words never contradict the button.
  const back = started && next !== undefined;
  // Nothing left to do (a course without lessons or quizzes has nothing done either: not "through").
  const done = next === null && started;
  const retake = done && !certificateEarned ? weakestQuiz(course) : null;
  const retakeTitle = retake ? pickLocalized(language, retake.title, retake.title_tr) : null;
  const name = retakeTitle ? (
    <span lang={retakeTitle.lang} dir={dirOf(retakeTitle.lang)}>
      {retakeTitle.text}
    </span>
  ) : null;
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
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-ink outline-none">
        {back ? <Trans>Welcome back</Trans> : <Trans>Welcome to the course</Trans>}
      </h2>
      <p className="text-muted">
        {done ? (
          <>
            <Trans>You have been through every item of this course.</Trans>
            {retake ? (
              <>
                {' '}
                <Trans>A higher quiz score earns the certificate.</Trans>
              </>
            ) : null}
          </>
        ) : back ? (
          <Trans>Continue where you left off, or choose any item from the course content.</Trans>
        ) : (
          <Trans>Choose a video, a reading or a quiz from the course content to begin.</Trans>
        )}
      </p>
      {next ? (
        <NextItem
          item={next}
          onSelect={onSelect}
          say={(name) => (back ? <Trans>Continue: {name}</Trans> : <Trans>Start: {name}</Trans>)}
        />
      ) : retake ? (
        <Button onClick={() => onSelect(retake._id)} className="max-w-full" data-testid="next-step">
          <FiRotateCcw aria-hidden="true" className="shrink-0" />
          <span className="min-w-0 wrap-break-word">
            <Trans>Retake: {name}</Trans>
          </span>
        </Button>
      ) : done && certificateEarned ? (
        <NextItem item={CERTIFICATE_ID} onSelect={onSelect} />
      ) : null}
    </div>
  );
}
