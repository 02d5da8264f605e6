import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Course } from '@app/shared';
import { aCourse, aViewer, renderAuthoring, stubApi } from '../../test/render-authoring.tsx';
import { CourseForm } from './course-form.tsx';

/** A saved single-choice question of two options, 'a' right. */
const aQuestion = (id: string, text: string, arabic: string | null = null) => ({
  _id: id,
  type: 'single' as const,
  question: text,
  question_tr: arabic,
  options: [
    { name: 'a', name_tr: null },
    { name: 'b', name_tr: null },
  ],
  correctanswer: 'a',
  explanation: 'Because a.',
});

const LONG = 'Which of these licences lets anyone reuse, adapt and share the work, even commercially?';

/** A course whose first resource is a quiz of three questions. */
function aQuizCourse(overrides: Partial<Course> = {}) {
  const course = aCourse(overrides);
  course.course_section[0]!.resources[0] = {
    ...course.course_section[0]!.resources[0]!,
    type: 'quiz',
    link: null,
    quiz: [
      aQuestion('77777777-7777-4777-8777-777777777771', 'First?'),
      aQuestion('77777777-7777-4777-8777-777777777772', LONG, 'أي هذه التراخيص يسمح بإعادة الاستخدام؟'),
      aQuestion('77777777-7777-4777-8777-777777777773', 'Third?'),
    ],
  };
  return course;
}

const button = (name: string) => screen.getByRole('button', { name });
const press = (name: string) => {
  button(name).focus();
  fireEvent.click(button(name));
};

describe('QuizQuestions: a course locked for editing', () => {
  it('opens each question to be read, not changed', async () => {
    stubApi({});
    await renderAuthoring(
      <CourseForm
        course={aQuizCourse({ enableEditing: false })}
        viewer={aViewer()}
        headingLevel={2}
        onDone={() => {}}
      />,
    );
    expect(screen.getByTestId('editing-locked')).toBeInTheDocument();
    const opener = button('Question 2');
    expect(opener).toBeEnabled();
    expect(opener).toHaveAccessibleDescription(expect.stringMatching(/^Which of these licences .*…$/));
    expect(screen.queryByRole('button', { name: 'Add Question' })).toBeNull();

    // By keyboard: Enter on the focused question opens it.
    opener.focus();
    fireEvent.keyDown(opener, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Question 2' });
    expect(within(dialog).getByText(/you can read this question but not change it/i)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Question', { exact: true })).toHaveValue(LONG);
    expect(within(dialog).getByLabelText('Question', { exact: true })).toBeDisabled();
    expect(within(dialog).getByLabelText('Option 1', { exact: true })).toBeDisabled();
    expect(within(dialog).getByLabelText('Question type')).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'a' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'a' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Explanation (optional)')).toHaveValue('Because a.');
    // Nothing to save, delete or add: the editing controls are not offered at all.
    for (const name of ['Save', 'Delete', 'Cancel', 'Add option', 'Remove option 1'])
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    // Closed from its own Close, the focus goes back to the question it was opened from.
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closes).toHaveLength(2); // the header's ✕ and the footer's
    fireEvent.click(closes[1]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button('Question 2')).toHaveFocus());

    // A press (or Space) opens the others too.
    fireEvent.keyDown(button('Question 3'), { key: ' ' });
    fireEvent.keyUp(button('Question 3'), { key: ' ' });
    expect(await screen.findByRole('dialog', { name: 'Question 3' })).toBeInTheDocument();
  });
});

describe('QuizQuestions: the list and a deletion', () => {
  it("shows an excerpt of each question's text beside its number, in the reader's language", async () => {
    stubApi({});
    await renderAuthoring(
      <CourseForm course={aQuizCourse()} viewer={aViewer()} headingLevel={2} onDone={() => {}} />,
    );
    expect(button('Question 1')).toHaveAccessibleDescription('First?');
    // Beside the button, not in it: its name is its visible label (WCAG 2.5.3).
    expect(button('Question 1')).toHaveTextContent(/^Question 1$/);
    expect(button('Question 1').closest('li')).toHaveTextContent('Question 1First?');
    expect(button('Question 2')).toHaveAccessibleDescription(expect.stringMatching(/^Which of these .*…$/));
  });

  it('shows the Arabic text, where there is one, to an Arabic reader', async () => {
    stubApi({});
    await renderAuthoring(
      <CourseForm course={aQuizCourse()} viewer={aViewer()} headingLevel={2} onDone={() => {}} />,
      { language: 'ar' },
    );
    expect(button('السؤال 2')).toHaveAccessibleDescription('أي هذه التراخيص يسمح بإعادة الاستخدام؟');
    expect(button('السؤال 1')).toHaveAccessibleDescription('First?');
  });

  it('asks before deleting a question, naming it; Cancel keeps it', async () => {
    stubApi({});
    await renderAuthoring(
      <CourseForm course={aQuizCourse()} viewer={aViewer()} headingLevel={2} onDone={() => {}} />,
    );
    press('Question 2');
    const dialog = await screen.findByRole('dialog', { name: 'Question 2' });
    const del = within(dialog).getByRole('button', { name: 'Delete' });
    del.focus();
    fireEvent.click(del);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete question 2?' });
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining('Which of these licences'));
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining('removed from the quiz'));
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus());

    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Back in the question, on its Delete; the question is still there.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus());
    expect(within(dialog).getByLabelText('Question', { exact: true })).toHaveValue(LONG);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete question 2?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The third took its place, and the focus.
    await waitFor(() => expect(button('Question 2')).toHaveFocus());
    expect(button('Question 2')).toHaveAccessibleDescription('Third?');
    expect(screen.queryByRole('button', { name: 'Question 3' })).toBeNull();
  });

  it('goes to Add Question once the last question is deleted', async () => {
    stubApi({});
    const course = aQuizCourse();
    course.course_section[0]!.resources[0]!.quiz = course.course_section[0]!.resources[0]!.quiz!.slice(0, 1);
    await renderAuthoring(
      <CourseForm course={course} viewer={aViewer()} headingLevel={2} onDone={() => {}} />,
    );
    press('Question 1');
    const dialog = await screen.findByRole('dialog', { name: 'Question 1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete question 1?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(button('Add Question')).toHaveFocus());
    expect(screen.getByText('No questions yet.')).toBeInTheDocument();
  });
});
