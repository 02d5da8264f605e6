import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderApp } from '../../../../test/render-app.tsx';
import { COURSE_ID, learnerCourse, QUIZ_ID } from '../../../../test/course-fixtures.ts';
import { Quiz } from './quiz.tsx';

const quiz = learnerCourse().course_section[0]!.resources[1]!;

function setup(score = 50) {
  const api = fakeApi({
    [`POST /course/exercise-score/${COURSE_ID}`]: () => ({
      body: { success: true, score: { currentScore: score, quizScore: [{ quizId: QUIZ_ID, score }] } },
    }),
  });
  vi.stubGlobal('fetch', api.fetch);
  renderApp(<Quiz courseId={COURSE_ID} resource={quiz} />);
  return api;
}

/** What a mouse press on an option does: pointerdown, then the click that checks it. */
const press = (label: string) => {
  const radio = screen.getByRole('radio', { name: label });
  fireEvent.pointerDown(radio);
  fireEvent.click(radio);
};

afterEach(() => vi.unstubAllGlobals());

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

  it('"ReTake Quiz" clears the answers and starts again at question 1', async () => {
    setup(100);
    press('Open data');
    press('Reproducibility');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'ReTake Quiz' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'Open data' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Passwords' })).not.toBeChecked();
  });
});
