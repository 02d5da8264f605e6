import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircularProgressbar, buildStyles } from 'react-circular-progressbar';
import 'react-circular-progressbar/dist/styles.css';
import { FiChevronLeft, FiChevronRight, FiRotateCcw } from 'react-icons/fi';
import type { LearnerResource } from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import { clampPercent, formatPercent } from '../../../../components/ui/progress-bar.tsx';
import { pickLocalized } from '../../../../lib/localized.ts';
import { notify } from '../../../../lib/toast.ts';
import { useMediaQuery, WIDE_QUERY } from '../../../../lib/use-media-query.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { useSubmitQuiz } from '../../api/submit-quiz.ts';

type Answers = Record<string, string>;

/**
 * A quiz (description §4): one question at a time, "Question N of M", single-choice radio options in
 * the reader's language. Choosing an option (click, tap, Space) records it and moves on; arrow keys
 * only move the choice, so keyboard users are not thrown forward, and Previous/Next let anyone revise.
 * After the last question, Submit; the server's score shows as a circle with "ReTake Quiz".
 */
export function Quiz({ courseId, resource }: { courseId: string; resource: LearnerResource }) {
  const { t } = useLingui();
  const language = useLanguage();
  const questions = resource.quiz ?? [];
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const [result, setResult] = useState<number | null>(null);
  const submit = useSubmitQuiz(courseId);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  /** Set by a pointer press or Space on an option: the change that follows is a deliberate choice. */
  const deliberate = useRef(false);

  // After moving between questions (or back to the first on retake), announce the new question.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = false;
  }, [index, result]);

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

  const choose = (name: string) => {
    setAnswers((current) => ({ ...current, [question._id]: name }));
    if (deliberate.current && index < last) go(index + 1);
    deliberate.current = false;
  };

  const send = () => {
    if (submit.isPending) return;
    submit.mutate(
      {
        resourceId: resource._id,
        quizAnswers: questions.map((item) => ({ _id: item._id, answer: answers[item._id] ?? '' })),
      },
      {
        onSuccess: (score) => {
          moved.current = true;
          setResult(score.currentScore);
        },
        onError: (error) => notify.error(error.message),
      },
    );
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    if (index < last) go(index + 1);
    else send();
  };

  if (result !== null)
    return (
      <QuizResult
        score={result}
        headingRef={heading}
        onRetake={() => {
          moved.current = true;
          setAnswers({});
          setIndex(0);
          setResult(null);
          submit.reset();
        }}
      />
    );

  const questionText = pickLocalized(language, question.question, question.question_tr);
  const number = index + 1;
  const total = questions.length;
  const allAnswered = questions.every((item) => answers[item._id]);
  return (
    <form
      onSubmit={onFormSubmit}
      className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      data-testid="quiz"
    >
      <h3
        ref={heading}
        tabIndex={-1}
        className="text-sm font-semibold tracking-wide text-muted uppercase outline-none"
      >
        <Trans>
          Question {number} of {total}
        </Trans>
      </h3>
      <fieldset
        className="flex flex-col gap-3"
        key={question._id}
        // A press on an option or its label (mouse, pen, touch) is a deliberate choice.
        onPointerDown={() => {
          deliberate.current = true;
        }}
      >
        <legend className="mb-3 text-lg font-semibold text-ink" lang={questionText.lang} dir="auto">
          {questionText.text}
        </legend>
        {question.options.map((option) => {
          const label = pickLocalized(language, option.name, option.name_tr);
          const checked = chosen === option.name;
          return (
            <label
              key={option.name}
              lang={label.lang}
              className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-4 py-2 text-ink has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-dark ${
                checked
                  ? 'border-primary-dark bg-primary-light font-semibold'
                  : 'border-gray-300 hover:bg-gray-50'
              }`}
            >
              <input
                type="radio"
                name={`question-${question._id}`}
                value={option.name}
                checked={checked}
                onKeyDown={(event) => {
                  deliberate.current = event.key === ' ';
                }}
                onClick={() => {
                  // Clicking the option already chosen (no change event) still moves on.
                  if (checked && deliberate.current && index < last) go(index + 1);
                }}
                onChange={() => choose(option.name)}
                className="size-5 shrink-0 accent-primary-dark focus:outline-none"
              />
              <span lang={label.lang} dir="auto">
                {label.text}
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-4">
        <Button
          variant="secondary"
          className="disabled:border-gray-300 disabled:text-muted disabled:opacity-70"
          onClick={() => go(index - 1)}
          disabled={index === 0}
        >
          <FiChevronLeft aria-hidden="true" className="rtl:rotate-180" />
          <Trans>Previous</Trans>
        </Button>
        {index < last ? (
          <Button
            variant="secondary"
            className="disabled:border-gray-300 disabled:text-muted disabled:opacity-70"
            type="submit"
            disabled={!chosen}
          >
            <Trans>Next</Trans>
            <FiChevronRight aria-hidden="true" className="rtl:rotate-180" />
          </Button>
        ) : (
          <Button type="submit" disabled={!allAnswered} loading={submit.isPending}>
            {submit.isPending ? t`Submitting…` : t`Submit`}
          </Button>
        )}
      </div>
    </form>
  );
}

function QuizResult({
  score,
  onRetake,
  headingRef,
}: {
  score: number;
  onRetake: () => void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const wide = useMediaQuery(WIDE_QUERY);
  const percent = clampPercent(score);
  const text = formatPercent(language, percent);
  // Description §9: the circle is 200 px wide at 1024 px and above, 150 px below.
  const size = wide ? 200 : 150;
  return (
    <div
      className="flex flex-col items-center gap-5 rounded-lg border border-gray-200 bg-white p-6 text-center"
      data-testid="quiz-result"
    >
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-bold text-ink outline-none">
        <Trans>Your score: {text}</Trans>
      </h3>
      {/* The heading already says the score; the circle is its picture. */}
      <div aria-hidden="true" style={{ width: size, height: size }} data-testid="quiz-result-circle">
        <CircularProgressbar
          value={percent}
          text={text}
          counterClockwise={language === 'ar'}
          styles={buildStyles({
            pathColor: '#007a6a',
            textColor: '#1f2933',
            trailColor: '#e5e7eb',
            textSize: '20px',
          })}
        />
      </div>
      <Button onClick={onRetake}>
        <FiRotateCcw aria-hidden="true" />
        {t`ReTake Quiz`}
      </Button>
    </div>
  );
}
