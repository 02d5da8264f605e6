import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activateLanguage } from '../../../../i18n/i18n.ts';
import { clearSession, storeSession } from '../../../../lib/session-storage.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { fakeApi } from '../../../../test/stub-api.ts';
import type { LearnerResource, QuizFeedback } from '@app/shared';
import { COURSE_ID, learnerCourse, QUIZ_ID } from '../../../../test/course-fixtures.ts';
import { Quiz } from './quiz.tsx';

const quiz = learnerCourse().course_section[0]!.resources[1]!;

const noFeedback: QuizFeedback[] = [];

function setup(score = 50, feedback = noFeedback, resource: LearnerResource = quiz) {
  const api = fakeApi({
    [`POST /course/exercise-score/${COURSE_ID}`]: () => ({
      body: {
        success: true,
        score: { currentScore: score, quizScore: [{ quizId: QUIZ_ID, score }] },
        feedback,
      },
    }),
  });
  vi.stubGlobal('fetch', api.fetch);
  renderApp(<Quiz courseId={COURSE_ID} resource={resource} />);
  return api;
}

/** One question of each type (decision 035). */
const mixed: LearnerResource = {
  ...quiz,
  quiz: [
    {
      _id: 'm',
      type: 'multiple',
      question: 'Which are open licences?',
      question_tr: 'ما التراخيص المفتوحة؟',
      options: [
        { name: 'CC BY', name_tr: null },
        { name: 'CC0', name_tr: null },
        { name: 'All rights reserved', name_tr: 'كل الحقوق محفوظة' },
      ],
    },
    { _id: 't', type: 'truefalse', question: 'Data can be open.', question_tr: null, options: [] },
    { _id: 's', type: 'short', question: 'Name the capital of Egypt.', question_tr: null, options: [] },
  ],
};

/** What a mouse press on an option does: pointerdown, then the click that checks it. */
const press = (label: string) => {
  const radio = screen.getByRole('radio', { name: label });
  fireEvent.pointerDown(radio);
  fireEvent.click(radio);
};

afterEach(() => vi.unstubAllGlobals());

/** A learner signed in for this test only (their kept quizzes are per account): forgotten after it. */
function signIn(userId: string) {
  storeSession('token', userId);
  onTestFinished(() => {
    clearSession();
    sessionStorage.clear();
  });
}

describe('Quiz', () => {
  it('shows one question at a time; choosing records the answer and moves on; Submit sends option names', async () => {
    const api = setup(50);
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'What can be shared openly?' })).toBeInTheDocument();
    press('Open data');
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    press('Secrecy');
    expect(screen.getByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Your score: 50%' })).toBeInTheDocument();
    expect(api.calls.at(-1)?.body).toEqual({
      resourceId: QUIZ_ID,
      quizAnswers: [
        { _id: 'q1', answer: 'Open data' },
        { _id: 'q2', answer: 'Secrecy' },
      ],
    });
  });

  it('arrow keys only move the choice; Enter or Next moves on; Previous goes back with the answer kept', async () => {
    setup();
    const first = screen.getByRole('radio', { name: 'Open data' });
    // What a browser does on ArrowDown from the first option: the next one becomes checked.
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    fireEvent.click(screen.getByRole('radio', { name: 'Passwords' }));
    expect(screen.getByRole('radio', { name: 'Passwords' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Passwords' })).toBeChecked();
  });

  it('Space on the option the arrow keys chose moves on, once', async () => {
    setup();
    const first = screen.getByRole('radio', { name: 'Open data' });
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    const chosen = screen.getByRole('radio', { name: 'Passwords' });
    fireEvent.click(chosen);
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    // Chromium sends no click for Space on a radio already checked: the key itself is the choice.
    const space = fireEvent.keyDown(chosen, { key: ' ' });
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toHaveFocus();
    // Its default (a click, in a browser that sends one) is stopped: it does not move on again.
    expect(space).toBe(false);
  });

  it('a quiz left unsubmitted comes back as it was; once submitted, it starts again at question 1', async () => {
    signIn('learner-1');
    setup(100);
    press('Open data');
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    cleanup(); // the learner looks at another lesson, or reloads

    setup(100);
    expect(screen.getByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('radio', { name: 'Open data' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    press('Reproducibility');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Your score: 100%' })).toBeInTheDocument();
    cleanup();

    setup(100);
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Open data' })).not.toBeChecked();
  });

  it('a submitted quiz is forgotten as it is sent, even if the learner leaves before the answer; kept again if it fails', async () => {
    storeSession('token', 'learner-1');
    const kept = () => sessionStorage.getItem(`quiz-in-progress:learner-1:${QUIZ_ID}`);
    try {
      for (const status of [200, 500]) {
        let answer = () => {};
        const api = fakeApi({
          [`POST /course/exercise-score/${COURSE_ID}`]: () =>
            status === 200
              ? { body: { success: true, score: { currentScore: 100, quizScore: [] }, feedback: [] } }
              : { status, body: { success: false, code: 'INTERNAL', message: 'Request failed' } },
        });
        const arrived = new Promise<void>((resolve) => (answer = resolve));
        vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
          await arrived;
          return api.fetch(input, init);
        });
        renderApp(<Quiz courseId={COURSE_ID} resource={quiz} />);
        press('Open data');
        press('Reproducibility');
        expect(kept()).not.toBeNull();
        fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
        // On its way: coming back now would not offer it for a second attempt.
        expect(kept()).toBeNull();
        cleanup(); // the learner moves to another lesson before the answer
        answer();
        if (status === 200) {
          await waitFor(() => expect(api.calls).toHaveLength(1));
          await new Promise((resolve) => setTimeout(resolve, 20));
          expect(kept()).toBeNull();
        } else {
          await waitFor(() => expect(kept()).not.toBeNull());
          expect(JSON.parse(kept()!)).toEqual({
            index: 1,
            answers: { q1: 'Open data', q2: 'Reproducibility' },
          });
        }
        sessionStorage.clear();
      }
    } finally {
      clearSession();
      sessionStorage.clear();
    }
  });

  it('while it is on its way, its answers and Previous are locked and nothing of it is kept, so it is not offered again once scored', async () => {
    signIn('learner-1');
    const kept = () => sessionStorage.getItem(`quiz-in-progress:learner-1:${QUIZ_ID}`);
    let answer = () => {};
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    const api = fakeApi({
      [`POST /course/exercise-score/${COURSE_ID}`]: () => ({
        body: { success: true, score: { currentScore: 50, quizScore: [] }, feedback: [] },
      }),
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await arrived;
      return api.fetch(input, init);
    });
    renderApp(<Quiz courseId={COURSE_ID} resource={quiz} />);
    press('Open data');
    press('Reproducibility');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(screen.getByRole('group', { name: 'What does openness improve?' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Secrecy' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // A browser ignores a press on a disabled option; happy-dom does not, which lets this test check
    // that a change made meanwhile is not kept either.
    press('Secrecy');
    expect(kept()).toBeNull();

    answer();
    expect(await screen.findByRole('heading', { name: 'Your score: 50%' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(kept()).toBeNull();
    cleanup();
    renderApp(<Quiz courseId={COURSE_ID} resource={quiz} />);
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Open data' })).not.toBeChecked();
  });

  it('Submit keeps the keyboard focus while sending (aria-disabled, presses ignored) and after a failure', async () => {
    let answer = () => {};
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    const api = fakeApi({
      [`POST /course/exercise-score/${COURSE_ID}`]: () => ({
        status: 500,
        body: { success: false, code: 'INTERNAL', message: 'Request failed' },
      }),
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await arrived;
      return api.fetch(input, init);
    });
    renderApp(<Quiz courseId={COURSE_ID} resource={mixed} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'CC0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Question 2 of 3' });
    press('True');
    const box = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Your answer' });
    fireEvent.change(box, { target: { value: 'Cairo' } });
    // Enter in the answer box submits the form: the box is about to be disabled, so the focus moves
    // to Submit, which stays focusable.
    box.focus();
    const submit = screen.getByRole('button', { name: 'Submit' });
    act(() => {
      box.form!.requestSubmit(submit);
    });

    const sending = screen.getByRole('button', { name: /Submitting…/ });
    expect(sending).toBe(submit);
    expect(sending).toHaveFocus();
    expect(sending).not.toBeDisabled();
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(sending);
    fireEvent.click(sending);

    answer();
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
    expect(submit).toHaveAccessibleName('Submit');
    expect(submit).toHaveFocus();
    expect(api.calls).toHaveLength(1);
  });

  it('a quiz left unsubmitted is not offered to another account in the same tab', async () => {
    signIn('learner-1');
    setup();
    press('Open data');
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    cleanup();
    storeSession('token', 'learner-2');
    setup();
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Open data' })).not.toBeChecked();
  });

  it('"ReTake Quiz" clears the answers and starts again at question 1, keeping nothing', async () => {
    signIn('learner-1');
    setup(100);
    press('Open data');
    press('Reproducibility');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'ReTake Quiz' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'Open data' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Passwords' })).not.toBeChecked();
    expect(sessionStorage.length).toBe(0);
  });

  it('takes each type with its own input and shows the feedback after submitting', async () => {
    const api = setup(
      50,
      [
        {
          _id: 'm',
          correct: false,
          credit: 0.5,
          answer: ['CC BY'],
          explanation: 'Both CC BY and CC0 are open.',
          explanation_tr: null,
        },
        { _id: 't', correct: true, credit: 1, answer: 'true', explanation: null, explanation_tr: null },
        {
          _id: 's',
          correct: false,
          credit: 0,
          answer: 'Alexandria',
          explanation: null,
          explanation_tr: null,
        },
      ],
      mixed,
    );
    expect(screen.getByText('Choose all that apply.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'CC BY' }));
    // Ticking a box does not move on: more may follow.
    expect(screen.getByRole('heading', { name: 'Question 1 of 3' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 3' })).toBeInTheDocument();
    press('True');
    expect(await screen.findByRole('heading', { name: 'Question 3 of 3' })).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    expect(box).toHaveAttribute('dir', 'auto');
    fireEvent.change(box, { target: { value: 'Alexandria' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Your score: 50%' })).toBeInTheDocument();
    expect(api.calls.at(-1)?.body).toEqual({
      resourceId: QUIZ_ID,
      quizAnswers: [
        { _id: 'm', answer: ['CC BY'] },
        { _id: 't', answer: 'true' },
        { _id: 's', answer: 'Alexandria' },
      ],
    });
    const items = screen.getAllByTestId('quiz-feedback');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Question 1: Partly correct (50%)'),
      expect.stringContaining('Question 2: Correct'),
      expect.stringContaining('Question 3: Incorrect'),
    ]);
    expect(items[0]).toHaveTextContent('Your answer: CC BY');
    expect(items[0]).toHaveTextContent('Both CC BY and CC0 are open.');
    expect(items[1]).toHaveTextContent('Your answer: True');
    expect(items[2]).toHaveTextContent('Your answer: Alexandria');
  });

  it('shows an explanation written in one language only, in either language, marked with its own', async () => {
    const trueFalse = (_id: string, question: string) => ({
      _id,
      type: 'truefalse' as const,
      question,
      question_tr: null,
      options: [],
    });
    setup(
      0,
      [
        // The author wrote for Arabic readers only, then for English readers only.
        {
          _id: 'a',
          correct: false,
          credit: 0,
          answer: 'true',
          explanation: null,
          explanation_tr: 'الشرح بالعربية',
        },
        {
          _id: 'e',
          correct: false,
          credit: 0,
          answer: 'true',
          explanation: 'In English.',
          explanation_tr: '',
        },
      ],
      { ...quiz, quiz: [trueFalse('a', 'First?'), trueFalse('e', 'Second?')] },
    );
    press('True');
    await screen.findByRole('heading', { name: 'Question 2 of 2' });
    press('True');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Your score: 0%' });
    const explanations = () =>
      screen.getAllByTestId('quiz-feedback').map((item) => {
        const shown = within(item).getByText(/الشرح بالعربية|In English\./);
        return [shown.textContent, shown.getAttribute('lang'), shown.getAttribute('dir')];
      });
    expect(explanations()).toEqual([
      ['الشرح بالعربية', 'ar', 'rtl'],
      ['In English.', 'en', 'auto'],
    ]);
    await act(() => activateLanguage('ar'));
    expect(screen.getAllByTestId('quiz-feedback')[0]).toHaveTextContent('السؤال 1: إجابة خاطئة');
    expect(explanations()).toEqual([
      ['الشرح بالعربية', 'ar', 'rtl'],
      ['In English.', 'en', 'auto'],
    ]);
  });

  it('lists several answers in the page direction, each in its own (decision 177)', async () => {
    setup(
      50,
      [
        {
          _id: 'm',
          correct: false,
          credit: 0.5,
          answer: ['CC BY', 'All rights reserved'],
          explanation: null,
          explanation_tr: null,
        },
      ],
      {
        ...mixed,
        quiz: [mixed.quiz![0]!],
      },
    );
    await act(() => activateLanguage('ar'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'CC BY' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'كل الحقوق محفوظة' }));
    fireEvent.click(await screen.findByRole('button', { name: 'إرسال' }));
    const item = await screen.findByTestId('quiz-feedback');
    expect(item).toHaveTextContent('السؤال 1: إجابة صحيحة جزئيًا');
    expect(item).toHaveTextContent('إجابتك: CC BY، كل الحقوق محفوظة');
    const list = within(item).getByText('CC BY').parentElement!;
    expect(list).not.toHaveAttribute('dir');
    expect(
      [...list.querySelectorAll('bdi')].map((answer) => [answer.textContent, answer.getAttribute('dir')]),
    ).toEqual([
      ['CC BY', 'auto'],
      ['كل الحقوق محفوظة', 'rtl'],
    ]);
  });

  it('labels true/false and the feedback in Arabic', async () => {
    setup(
      100,
      [{ _id: 't', correct: true, credit: 1, answer: 'false', explanation: 'E', explanation_tr: 'شرح' }],
      {
        ...mixed,
        quiz: [mixed.quiz![1]!],
      },
    );
    await act(() => activateLanguage('ar'));
    press('خطأ');
    fireEvent.click(await screen.findByRole('button', { name: 'إرسال' }));
    const item = await screen.findByTestId('quiz-feedback');
    expect(item).toHaveTextContent('السؤال 1: إجابة صحيحة');
    expect(item).toHaveTextContent('إجابتك: خطأ');
    expect(item).toHaveTextContent('شرح');
  });
});
