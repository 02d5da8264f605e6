import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { FiAlertTriangle, FiChevronLeft, FiChevronRight } from 'react-icons/fi';
import {
  LIMITS,
  type LearnerCourse,
  type LearnerQuizQuestion,
  type LearnerResource,
  type QuizFeedback,
} from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import { clampPercent, formatPercent } from '../../../../components/ui/progress-bar.tsx';
import { pickLocalized, dirOf } from '../../../../lib/localized.ts';
import { getUserId } from '../../../../lib/session-storage.ts';
import { notify } from '../../../../lib/toast.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { learnerCourseKey } from '../../api/get-learner-course.ts';
import { quizNoLongerMatches, useSubmitQuiz } from '../../api/submit-quiz.ts';
import { CheckboxChoices, choicesOf, isAnswered, RadioChoices, type Answer } from './quiz-inputs.tsx';
import {
  fitQuizInProgress,
  forgetQuizInProgress,
  keepQuizInProgress,
  readQuizInProgress,
} from './quiz-in-progress.ts';
import { QuizResult } from './quiz-result.tsx';
import { useTrueFalseLabels } from './true-false-labels.ts';
import { findSelection } from './viewer-model.ts';

type Answers = Record<string, Answer>;

/** A quiz without questions (one object: a new `[]` each render would look like an edited quiz). */
const NO_QUESTIONS: readonly LearnerQuizQuestion[] = [];

/** The quiz's questions in the course as fetched, as the viewer passes them; undefined once removed. */
function questionsIn(course: LearnerCourse, quizId: string): readonly LearnerQuizQuestion[] | undefined {
  const selection = findSelection(course, quizId, false);
  return selection.kind === 'resource' ? (selection.resource.quiz ?? NO_QUESTIONS) : undefined;
}

/**
 * A quiz (description §4, decision 035): one question at a time, "Question N of M", in the reader's
 * language: radios for single choice and true/false, checkboxes for multiple answers, a text box for
 * a short answer. Choosing a radio (click, tap, Space) records it and moves on; arrow keys only move
 * the choice, so keyboard users are not thrown forward, and Previous/Next let anyone revise. After
 * the last question, Submit; the server's score shows as a circle with the feedback on each question
 * and "ReTake Quiz". A quiz left unsubmitted is kept for this tab (`quiz-in-progress.ts`): coming back
 * to it, the learner finds their answers and their question. An attempt refused because the author
 * has changed the quiz meanwhile fetches the course again: the quiz as it is now, with the answers
 * that still fit it, and a word on what happened (decision 093).
 */
export function Quiz({
  courseId,
  resource,
  best,
  onGone,
  next,
}: {
  courseId: string;
  resource: LearnerResource;
  /**
   * The learner's best score on this quiz, undefined before a first attempt. An attempt's result is
   * shown once (decision 035: its feedback is not kept); coming back to a quiz taken, this says how it
   * went, above question 1 of a new attempt.
   */
  best?: number;
  /**
   * Called when the quiz turns out removed (or emptied) while it was taken, with the id of what the
   * viewer shows now: null (the way on) for a quiz removed, this quiz's for one left without questions.
   */
  onGone?: (shownId: string | null) => void;
  /** The way on, shown under an attempt's result (the item that follows, if any). */
  next?: ReactNode;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const trueFalse = useTrueFalseLabels();
  const questions = resource.quiz ?? NO_QUESTIONS;
  const [userId] = useState(getUserId);
  const [kept] = useState(() => userId && readQuizInProgress(userId, resource._id, questions));
  const [index, setIndex] = useState(kept ? kept.index : 0);
  const [answers, setAnswers] = useState<Answers>(kept ? kept.answers : {});
  const [result, setResult] = useState<{ score: number; feedback: QuizFeedback[] } | null>(null);
  const submit = useSubmitQuiz(courseId);
  const queryClient = useQueryClient();
  const noticeId = useId();
  /**
   * The quiz as fetched again after an attempt refused because it had changed: once it is the one
   * shown, the learner is told so (and the quiz heading takes focus) until they send it again.
   */
  const [changedTo, setChangedTo] = useState<readonly LearnerQuizQuestion[] | null>(null);
  const changed = changedTo !== null && changedTo === questions;
  // The quiz changed under the learner (the author's edit, fetched after a refusal): their answers
  // are fitted to it as a kept quiz is (decision 093), during this render, so no question is ever
  // shown with answers meant for another.
  const [fittedTo, setFittedTo] = useState(questions);
  if (fittedTo !== questions) {
    setFittedTo(questions);
    const fitted = fitQuizInProgress({ index, answers }, questions);
    setIndex(fitted ? fitted.index : 0);
    setAnswers(fitted ? fitted.answers : {});
  }
  /**
   * From the press of Submit to the server's answer. Ours, set in that very event: the mutation's
   * `isPending` reaches this view only on React Query's next tick, and a choice made in between
   * would have been kept again for a quiz already on its way.
   */
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const answering = useRef<HTMLFieldSetElement>(null);
  const moved = useRef(false);
  /** Set by a pointer press or Space on an option: the change that follows is a deliberate choice. */
  const deliberate = useRef(false);

  // Until it is submitted (and again after ReTake), the quiz as it stands outlives this view. Not
  // while it is on its way: it was forgotten as it was sent, and is kept again only if that fails
  // (decision 093); kept meanwhile, it would be offered again after being scored.
  useEffect(() => {
    if (userId && result === null && !sending) keepQuizInProgress(userId, resource._id, { index, answers });
  }, [userId, resource._id, index, answers, result, sending]);

  // After moving between questions (or back to the first on retake, or to the quiz as it is now after
  // the author changed it), announce the new question.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = false;
  }, [index, result, changed]);

  if (questions.length === 0)
    return (
      <p className="rounded-md border border-gray-200 bg-white p-6 text-ink">
        <Trans>This quiz has no questions yet.</Trans>
      </p>
    );

  const last = questions.length - 1;
  const question = questions[Math.min(index, last)]!;
  const chosen = answers[question._id];
  const go = (next: number) => {
    moved.current = true;
    setIndex(Math.max(0, Math.min(last, next)));
  };

  const record = (answer: Answer) => setAnswers((current) => ({ ...current, [question._id]: answer }));
  const choose = (name: string) => {
    record(name);
    if (deliberate.current && index < last) go(index + 1);
    deliberate.current = false;
  };

  const send = () => {
    if (sending) return;
    setSending(true);
    setChangedTo(null);
    const body = {
      resourceId: resource._id,
      quizAnswers: questions.map((item) => ({ _id: item._id, answer: answers[item._id] ?? '' })),
    };
    // Forgotten as it is sent: a learner who leaves and comes back while it is on its way must not
    // find it ready to send a second time. Kept again if it fails (in `mutateAsync`'s continuation,
    // which runs even once the learner has moved to another lesson; `mutate`'s callbacks do not).
    if (userId) forgetQuizInProgress(userId, resource._id);
    submit.mutateAsync(body).then(
      (outcome) => {
        moved.current = true;
        setSending(false);
        setResult({ score: outcome.currentScore, feedback: outcome.feedback });
      },
      (error: Error) => {
        if (userId) keepQuizInProgress(userId, resource._id, { index, answers });
        if (quizNoLongerMatches(error)) void showQuizAsItIsNow(error);
        else {
          setSending(false);
          notify.error(error.message);
        }
      },
    );
  };

  /**
   * The attempt was refused because the quiz is no longer the one the learner was taking (the author
   * edited or removed it meanwhile): every retry would be refused too, so the course is fetched again.
   * A quiz still there comes back as it is now, with the answers that fit it; one removed leaves the
   * viewer, which then offers the way on (decision 094). Kept meanwhile (above): a learner who has moved
   * to another lesson finds it fitted to the new quiz when they come back.
   */
  const showQuizAsItIsNow = async (error: Error) => {
    const key = learnerCourseKey(courseId);
    try {
      await queryClient.invalidateQueries({ queryKey: key, exact: true }, { throwOnError: true });
    } catch {
      setSending(false);
      notify.error(error.message);
      return;
    }
    const course = queryClient.getQueryData<LearnerCourse>(key);
    const now = course && questionsIn(course, resource._id);
    setSending(false);
    if (!course || now === questions) notify.error(error.message);
    else if (!now?.length) {
      notify.info(t`This quiz was removed while you were taking it.`);
      // Its Submit button went with it: the focus goes to the heading of what shows now (decision 111).
      onGone?.(now ? resource._id : null);
    } else {
      moved.current = true;
      setChangedTo(now);
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAnswered(chosen)) return;
    if (index < last) go(index + 1);
    else {
      // Enter in the answer box or on an option: the choices are about to be disabled, and a disabled
      // element loses the keyboard focus. It goes to Submit (the submitter: the form's default button),
      // which says "Submitting…" and is there again if sending fails.
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter && answering.current?.contains(document.activeElement)) submitter.focus();
      send();
    }
  };

  if (result !== null)
    return (
      <QuizResult
        score={result.score}
        feedback={result.feedback}
        questions={questions}
        headingRef={heading}
        next={next}
        onRetake={() => {
          moved.current = true;
          setAnswers({});
          setIndex(0);
          setResult(null);
          setChangedTo(null);
          submit.reset();
        }}
      />
    );

  const questionText = pickLocalized(language, question.question, question.question_tr);
  const number = index + 1;
  const total = questions.length;
  const allAnswered = questions.every((item) => isAnswered(answers[item._id]));
  const choices = choicesOf(question, language, trueFalse);
  const inputName = `question-${question._id}`;
  const bestText = best === undefined ? '' : formatPercent(language, clampPercent(best));
  return (
    <form
      onSubmit={onFormSubmit}
      className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      data-testid="quiz"
    >
      <h3
        ref={heading}
        tabIndex={-1}
        // Focused once the changed quiz is shown: read with the word on what happened.
        aria-describedby={changed ? noticeId : undefined}
        className="text-sm font-semibold tracking-wide text-muted uppercase outline-none"
      >
        <Trans>
          Question {number} of {total}
        </Trans>
      </h3>
      {best === undefined ? null : (
        <p className="-mt-2 text-sm text-muted" data-testid="quiz-best">
          <Trans>Your best score so far: {bestText}</Trans>
        </p>
      )}
      {changed ? (
        <p
          id={noticeId}
          className="flex items-start gap-2 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-ink"
          data-testid="quiz-changed"
        >
          <FiAlertTriangle aria-hidden="true" className="mt-0.5 shrink-0 text-amber-800" />
          <Trans>This quiz was changed while you were taking it. Check your answers and submit again.</Trans>
        </p>
      ) : null}
      <fieldset
        ref={answering}
        className="flex flex-col gap-3"
        key={question._id}
        // Sent as they are: not changed while on their way (nor kept again: see above).
        disabled={sending}
        // A press on an option or its label (mouse, pen, touch) is a deliberate choice.
        onPointerDown={() => {
          deliberate.current = true;
        }}
      >
        <legend
          className="mb-3 text-lg font-semibold text-ink"
          lang={questionText.lang}
          dir={dirOf(questionText.lang)}
        >
          {questionText.text}
        </legend>
        {question.type === 'short' ? (
          <label className="flex flex-col gap-2 text-sm font-semibold text-ink">
            <Trans>Your answer</Trans>
            <input
              type="text"
              dir="auto"
              name={inputName}
              autoComplete="off"
              maxLength={LIMITS.optionMax}
              value={typeof chosen === 'string' ? chosen : ''}
              onChange={(event) => record(event.target.value)}
              className="min-h-11 rounded-md border border-gray-400 px-3 py-2 text-base font-normal focus:border-primary-dark focus:ring-2 focus:ring-primary/30 focus:outline-none"
            />
          </label>
        ) : question.type === 'multiple' ? (
          <>
            <p className="-mt-2 text-sm text-muted">
              <Trans>Choose all that apply.</Trans>
            </p>
            <CheckboxChoices
              name={inputName}
              choices={choices}
              chosen={Array.isArray(chosen) ? chosen : []}
              onChange={record}
            />
          </>
        ) : (
          <RadioChoices
            name={inputName}
            choices={choices}
            chosen={typeof chosen === 'string' ? chosen : undefined}
            onKeyDown={(key) => {
              deliberate.current = key === ' ';
            }}
            onClickChosen={() => {
              if (deliberate.current && index < last) go(index + 1);
            }}
            onChoose={choose}
          />
        )}
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-4">
        <Button
          variant="secondary"
          className="disabled:border-gray-300 disabled:text-muted disabled:opacity-70"
          onClick={() => go(index - 1)}
          disabled={index === 0 || sending}
        >
          <FiChevronLeft aria-hidden="true" className="rtl:rotate-180" />
          <Trans>Previous</Trans>
        </Button>
        {index < last ? (
          <Button
            variant="secondary"
            className="disabled:border-gray-300 disabled:text-muted disabled:opacity-70"
            type="submit"
            disabled={!isAnswered(chosen)}
          >
            <Trans>Next</Trans>
            <FiChevronRight aria-hidden="true" className="rtl:rotate-180" />
          </Button>
        ) : (
          // `loading` keeps the pressed button (or the one Enter reached) focused while it says
          // "Submitting…", and presses meanwhile do nothing, like "Mark as done" (decisions 033, 125).
          <Button type="submit" disabled={!allAnswered} loading={sending}>
            {sending ? t`Submitting…` : t`Submit`}
          </Button>
        )}
      </div>
    </form>
  );
}
