import { Fragment, type ReactNode, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircularProgressbar, buildStyles } from 'react-circular-progressbar';
import 'react-circular-progressbar/dist/styles.css';
import { FiCheckCircle, FiMinusCircle, FiRotateCcw, FiXCircle } from 'react-icons/fi';
import type { Language, LearnerQuizQuestion, QuizFeedback } from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import { clampPercent, formatPercent } from '../../../../components/ui/progress-bar.tsx';
import { pickLocalized, type LocalizedText, dirOf } from '../../../../lib/localized.ts';
import { useMediaQuery, WIDE_QUERY } from '../../../../lib/use-media-query.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { choicesOf } from './quiz-inputs.tsx';
import { useTrueFalseLabels } from './true-false-labels.ts';

/**
 * The result of an attempt: the server's score as a circle, then each question with whether it was
 * right (or partly right), the learner's answer in the reader's language, and the author's
 * explanation (decision 035). The correct answers are not shown; "ReTake Quiz" starts again, and
 * `next` (the item that follows, if any) goes on.
 */
export function QuizResult({
  score,
  feedback,
  questions,
  onRetake,
  headingRef,
  next,
}: {
  score: number;
  feedback: QuizFeedback[];
  questions: readonly LearnerQuizQuestion[];
  onRetake: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  next?: ReactNode;
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
      {/* With a way on, retaking is the other choice: outlined, above it. */}
      <Button onClick={onRetake} variant={next ? 'secondary' : undefined}>
        <FiRotateCcw aria-hidden="true" />
        {t`ReTake Quiz`}
      </Button>
      {next}
      {feedback.length > 0 ? (
        <ol className="flex w-full flex-col gap-3 text-start">
          {feedback.map((item, position) => {
            const question = questions.find((candidate) => candidate._id === item._id);
            return question ? (
              <FeedbackItem key={item._id} item={item} question={question} number={position + 1} />
            ) : null;
          })}
        </ol>
      ) : null}
    </div>
  );
}

function FeedbackItem({
  item,
  question,
  number,
}: {
  item: QuizFeedback;
  question: LearnerQuizQuestion;
  number: number;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const trueFalse = useTrueFalseLabels();
  const questionText = pickLocalized(language, question.question, question.question_tr);
  const explanation = explanationIn(language, item);
  // The learner's answer as they saw it: option labels in the reader's language, or what they typed.
  const labels = new Map(choicesOf(question, language, trueFalse).map((c) => [c.value, c.label]));
  const given = (Array.isArray(item.answer) ? item.answer : [item.answer]).filter(Boolean);
  // Each answer isolated in its own direction, the list in the page's: "CC BY 4.0، جميع الحقوق محفوظة"
  // under one `dir="auto"` ran left to right, its order and comma reversed for an Arabic reader.
  const answers = given.map((value) => {
    const label = labels.get(value);
    return label
      ? { text: label.text, lang: label.lang, dir: dirOf(label.lang) }
      : { text: value, dir: 'auto' };
  });
  const share = formatPercent(language, clampPercent(item.credit * 100));
  const partly = !item.correct && item.credit > 0;
  const verdict = item.correct ? t`Correct` : partly ? t`Partly correct (${share})` : t`Incorrect`;
  return (
    <li
      className={`flex flex-col gap-1 rounded-md border-s-4 bg-gray-50 p-3 ${item.correct ? 'border-primary-dark' : partly ? 'border-amber-600' : 'border-error'}`}
      data-testid="quiz-feedback"
    >
      <p className="flex items-center gap-2 font-semibold text-ink">
        {/* Partly right is neither the tick nor the cross of a wrong answer. */}
        {item.correct ? (
          <FiCheckCircle aria-hidden="true" className="shrink-0 text-primary-dark" />
        ) : partly ? (
          <FiMinusCircle aria-hidden="true" className="shrink-0 text-amber-700" />
        ) : (
          <FiXCircle aria-hidden="true" className="shrink-0 text-error" />
        )}
        <span>
          <Trans>
            Question {number}: {verdict}
          </Trans>
        </span>
      </p>
      <p className="text-ink" lang={questionText.lang} dir={dirOf(questionText.lang)}>
        {questionText.text}
      </p>
      <p className="text-sm text-ink">
        <Trans>Your answer</Trans>:{' '}
        <span className="font-semibold">
          {answers.length
            ? answers.map((answer, index) => (
                <Fragment key={index}>
                  {index > 0 ? (language === 'ar' ? '، ' : ', ') : null}
                  <bdi lang={answer.lang} dir={answer.dir}>
                    {answer.text}
                  </bdi>
                </Fragment>
              ))
            : t`(no answer)`}
        </span>
      </p>
      {explanation ? (
        <p className="text-sm text-muted" lang={explanation.lang} dir={dirOf(explanation.lang)}>
          {explanation.text}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The author's explanation in the reader's language, else in the other: unlike a question, it is
 * optional in both, and an author writing for Arabic readers may leave the English empty (the server
 * then sends `explanation: null` beside the Arabic). Better read in the other language than not at all.
 */
function explanationIn(language: Language, item: QuizFeedback): LocalizedText | null {
  if (item.explanation?.trim()) return pickLocalized(language, item.explanation, item.explanation_tr);
  return item.explanation_tr?.trim() ? { text: item.explanation_tr, lang: 'ar' } : null;
}
