import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAuthoring } from '../../test/render-authoring.tsx';
import { emptyQuestion } from './form-values.ts';
import { QuizQuestionModal } from './quiz-question-modal.tsx';

const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label, { exact: true }), { target: { value } });

async function openNew(language: 'en' | 'ar' = 'en') {
  const onSave = vi.fn();
  const onOpenChange = vi.fn();
  await renderAuthoring(
    <QuizQuestionModal
      open
      onOpenChange={onOpenChange}
      index={null}
      initial={emptyQuestion()}
      onSave={onSave}
    />,
    { language },
  );
  return { dialog: await screen.findByRole('dialog'), onSave, onOpenChange };
}

describe('QuizQuestionModal', () => {
  it("refuses an incomplete question with 'Incomplete field'", async () => {
    const { dialog, onSave } = await openNew();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Incomplete field')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the correct answer')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Question', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says it in Arabic too', async () => {
    const { dialog } = await openNew('ar');
    fireEvent.click(within(dialog).getByRole('button', { name: 'إضافة' }));
    expect(await within(dialog).findByText('حقل غير مكتمل')).toBeInTheDocument();
  });

  it('offers at most four options, each removable down to two', async () => {
    const { dialog } = await openNew();
    expect(within(dialog).queryByRole('button', { name: 'Remove option 1' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    expect(within(dialog).getByLabelText('Option 4', { exact: true })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add option' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove option 4' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Option 4', { exact: true })).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Add option' })).toBeInTheDocument();
  });

  it('takes the correct answer from the options and follows a renamed option', async () => {
    const { dialog, onSave, onOpenChange } = await openNew();
    type(dialog, 'Question', 'Which licence allows reuse?');
    type(dialog, 'Option 1', 'All rights reserved');
    type(dialog, 'Option 2', 'CC BY');
    type(dialog, 'Option 2 in Arabic (optional)', 'المشاع الإبداعي');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'CC BY' }));
    type(dialog, 'Option 2', 'CC BY 4.0');
    expect(within(dialog).getByRole('radio', { name: 'CC BY 4.0' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      question: 'Which licence allows reuse?',
      question_tr: '',
      options: [
        { name: 'All rights reserved', name_tr: '' },
        { name: 'CC BY 4.0', name_tr: 'المشاع الإبداعي' },
      ],
      correctanswer: 'CC BY 4.0',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows an existing question with Delete', async () => {
    const onDelete = vi.fn();
    await renderAuthoring(
      <QuizQuestionModal
        open
        onOpenChange={() => {}}
        index={1}
        initial={{
          _id: '66666666-6666-4666-8666-666666666666',
          question: 'Q',
          question_tr: '',
          options: [
            { name: 'a', name_tr: '' },
            { name: 'b', name_tr: '' },
          ],
          correctanswer: 'a',
        }}
        onSave={() => {}}
        onDelete={onDelete}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Question 2' });
    expect(within(dialog).getByRole('radio', { name: 'a' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalled();
  });
});
