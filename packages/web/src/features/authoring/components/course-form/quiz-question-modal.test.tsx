import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pressOutside, renderAuthoring } from '../../test/render-authoring.tsx';
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

  it('gives the focus to what is wrong when no field of its own can take it', async () => {
    const { dialog } = await openNew();
    const add = within(dialog).getByRole('button', { name: 'Add' });
    type(dialog, 'Question', 'Which is open?');
    type(dialog, 'Option 1', 'CC BY');
    type(dialog, 'Option 2', 'CC BY');
    // Two options alike: the options' group says so, and its first option takes the focus.
    add.focus();
    fireEvent.click(add);
    expect(await within(dialog).findByText('Each option must be different.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Option 1', { exact: true })).toHaveFocus());
    expect(within(dialog).getByRole('group', { name: 'Options' })).toHaveAccessibleDescription(
      expect.stringContaining('Each option must be different.'),
    );
    // No correct answer chosen: its first choice takes the focus (it stayed on Add).
    type(dialog, 'Option 2', 'CC0');
    add.focus();
    fireEvent.click(add);
    const correct = within(dialog).getByRole('group', { name: 'Correct answer' });
    await waitFor(() => expect(within(correct).getAllByRole('radio')[0]).toHaveFocus());
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

  it('keeps the focus among the options when one is removed', async () => {
    const { dialog } = await openNew();
    const button = (name: string) => within(dialog).getByRole('button', { name });
    const press = (name: string) => {
      button(name).focus();
      fireEvent.click(button(name));
    };
    fireEvent.click(button('Add option'));
    fireEvent.click(button('Add option'));
    type(dialog, 'Option 3', 'Third');
    press('Remove option 2');
    // The third took its place, and its Remove button the focus.
    await waitFor(() => expect(button('Remove option 2')).toHaveFocus());
    expect(within(dialog).getByLabelText('Option 2', { exact: true })).toHaveValue('Third');
    fireEvent.click(button('Add option'));
    press('Remove option 4');
    await waitFor(() => expect(button('Remove option 3')).toHaveFocus()); // none after it: the one before
    press('Remove option 1');
    // Two are the fewest: no Remove buttons are left, and the focus goes to Add option.
    await waitFor(() => expect(button('Add option')).toHaveFocus());
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
      type: 'single',
      question: 'Which licence allows reuse?',
      question_tr: '',
      options: [
        { name: 'All rights reserved', name_tr: '' },
        { name: 'CC BY 4.0', name_tr: 'المشاع الإبداعي' },
      ],
      correctanswer: 'CC BY 4.0',
      correctanswers: [],
      scoring: 'all',
      truth: '',
      accepted: '',
      accepted_tr: '',
      explanation: '',
      explanation_tr: '',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('authors multiple answers with partial credit and an explanation in both languages', async () => {
    const { dialog, onSave } = await openNew();
    fireEvent.change(within(dialog).getByLabelText('Question type'), { target: { value: 'multiple' } });
    type(dialog, 'Question', 'Which are open?');
    type(dialog, 'Option 1', 'CC BY');
    type(dialog, 'Option 2', 'CC0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose the correct answer')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'CC BY' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'CC0' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /Partial credit/ }));
    type(dialog, 'Explanation (optional)', 'Both are open licences.');
    type(dialog, 'Explanation in Arabic (optional)', 'كلاهما ترخيص مفتوح.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      type: 'multiple',
      correctanswers: ['CC BY', 'CC0'],
      scoring: 'partial',
      explanation: 'Both are open licences.',
      explanation_tr: 'كلاهما ترخيص مفتوح.',
    });
  });

  it('authors true/false and short answers', async () => {
    const { dialog, onSave } = await openNew();
    const select = within(dialog).getByLabelText('Question type');
    fireEvent.change(select, { target: { value: 'truefalse' } });
    type(dialog, 'Question', 'Open data can be reused.');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'True' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ type: 'truefalse', truth: 'true' });

    const second = await openNew('ar');
    fireEvent.change(within(second.dialog).getByLabelText('نوع السؤال'), { target: { value: 'short' } });
    fireEvent.click(within(second.dialog).getByRole('button', { name: 'إضافة' }));
    expect(await within(second.dialog).findByText('حقل غير مكتمل')).toBeInTheDocument();
    type(second.dialog, 'السؤال', 'Capital of Egypt?');
    type(second.dialog, 'الإجابات المقبولة', 'Cairo\n  ');
    type(second.dialog, 'الإجابات المقبولة بالعربية (اختياري)', 'القاهرة');
    fireEvent.click(within(second.dialog).getByRole('button', { name: 'إضافة' }));
    await waitFor(() => expect(second.onSave).toHaveBeenCalledTimes(1));
    expect(second.onSave.mock.calls[0]![0]).toMatchObject({
      type: 'short',
      accepted: 'Cairo',
      accepted_tr: 'القاهرة',
    });
  });

  it('shows an existing question with Delete, which asks first, naming the question', async () => {
    const onDelete = vi.fn();
    const onOpenChange = vi.fn();
    await renderAuthoring(
      <QuizQuestionModal
        open
        onOpenChange={onOpenChange}
        index={1}
        initial={{
          _id: '66666666-6666-4666-8666-666666666666',
          question: 'Which licence allows reuse?',
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
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete question 2?' });
    expect(confirm).toHaveAccessibleDescription(
      'Which licence allows reuse? The question will be removed from the quiz.',
    );
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete question 2?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('asks in Arabic too, with the Arabic text where there is one', async () => {
    await renderAuthoring(
      <QuizQuestionModal
        open
        onOpenChange={() => {}}
        index={0}
        initial={{ ...emptyQuestion(), question: 'Capital of Egypt?', question_tr: 'عاصمة مصر؟' }}
        onSave={() => {}}
        onDelete={() => {}}
      />,
      { language: 'ar' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'السؤال 1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'حذف' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'حذف السؤال 1؟' });
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining('عاصمة مصر؟'));
  });

  it('read-only, shows the question with every field disabled and only Close', async () => {
    const onOpenChange = vi.fn();
    await renderAuthoring(
      <QuizQuestionModal
        open
        readOnly
        onOpenChange={onOpenChange}
        index={0}
        initial={{
          ...emptyQuestion(),
          type: 'multiple',
          question: 'Which are open?',
          options: [
            { name: 'CC BY', name_tr: '' },
            { name: 'CC0', name_tr: '' },
            { name: 'All rights reserved', name_tr: '' },
          ],
          correctanswers: ['CC BY', 'CC0'],
        }}
        onSave={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Question 1' });
    for (const field of within(dialog).getAllByRole('textbox')) expect(field).toBeDisabled();
    for (const box of within(dialog).getAllByRole('checkbox')) expect(box).toBeDisabled();
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'CC0' })).toBeChecked();
    expect(within(dialog).getByLabelText('Question type')).toBeDisabled();
    // Every button left does something: none is shown disabled.
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((item) => item.getAttribute('aria-label') ?? item.textContent)).toEqual([
      'Close',
      'Close',
    ]);
    fireEvent.click(buttons[1]!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  describe('closing', () => {
    // As the course form hands a saved question over: a draft with every type's fields.
    const existing = {
      ...emptyQuestion(),
      _id: '66666666-6666-4666-8666-666666666666',
      question: 'Q',
      options: [
        { name: 'a', name_tr: '' },
        { name: 'b', name_tr: '' },
      ],
      correctanswer: 'a',
    };
    async function openExisting() {
      const onOpenChange = vi.fn();
      await renderAuthoring(
        <QuizQuestionModal open onOpenChange={onOpenChange} index={0} initial={existing} onSave={() => {}} />,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Question 1' });
      // The dialog starts listening for presses outside it once it has opened.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return { dialog, onOpenChange };
    }

    it('keeps unsaved changes on a press outside; Escape and Close still close', async () => {
      const { dialog, onOpenChange } = await openExisting();
      type(dialog, 'Question', 'Q, reworded');
      pressOutside(dialog);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(onOpenChange).not.toHaveBeenCalled();
      expect(within(dialog).getByLabelText('Question', { exact: true })).toHaveValue('Q, reworded');

      fireEvent.keyDown(within(dialog).getByLabelText('Question', { exact: true }), { key: 'Escape' });
      expect(onOpenChange).toHaveBeenLastCalledWith(false);
      pressOutside(dialog);
      const close = within(dialog).getByRole('button', { name: 'Close' });
      fireEvent.pointerDown(close);
      fireEvent.click(close);
      expect(onOpenChange).toHaveBeenCalledTimes(2);
    });

    it('closes on a press outside when nothing was changed', async () => {
      const { dialog, onOpenChange } = await openExisting();
      pressOutside(dialog);
      await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    });

    it('discards a new question closed without adding it, even once typed in', async () => {
      const { dialog, onSave, onOpenChange } = await openNew();
      type(dialog, 'Question', 'Never added');
      fireEvent.keyDown(within(dialog).getByLabelText('Question', { exact: true }), { key: 'Escape' });
      expect(onOpenChange).toHaveBeenCalledWith(false);
      expect(onSave).not.toHaveBeenCalled();
    });
  });

  describe('what is typed, across a reload', () => {
    const key = 'course-draft:new:u1:question:0.0:new';
    afterEach(() => sessionStorage.clear());

    async function open(onOpenChange = vi.fn(), onSave = vi.fn()) {
      const view = await renderAuthoring(
        <QuizQuestionModal
          open
          onOpenChange={onOpenChange}
          index={null}
          draftKey={key}
          initial={emptyQuestion()}
          onSave={onSave}
        />,
      );
      return { ...view, dialog: await screen.findByRole('dialog'), onOpenChange, onSave };
    }

    it('comes back when the question opens again, said so, and counts as a change', async () => {
      const first = await open();
      type(first.dialog, 'Question', 'Half written');
      type(first.dialog, 'Option 1', 'Yes');
      first.unmount(); // the page goes away without the modal being closed
      const second = await open();
      expect(within(second.dialog).getByLabelText('Question', { exact: true })).toHaveValue('Half written');
      expect(within(second.dialog).getByLabelText('Option 1', { exact: true })).toHaveValue('Yes');
      expect(
        within(second.dialog).getByText('Your unsaved writing in this question is back.'),
      ).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 0));
      pressOutside(second.dialog); // a changed question stays open
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(second.onOpenChange).not.toHaveBeenCalled();
    });

    it('is forgotten once the question is closed on purpose, or added', async () => {
      const first = await open();
      type(first.dialog, 'Question', 'Closed on purpose');
      fireEvent.keyDown(within(first.dialog).getByLabelText('Question', { exact: true }), { key: 'Escape' });
      expect(first.onOpenChange).toHaveBeenCalledWith(false);
      expect(sessionStorage.getItem(key)).toBeNull();
      first.unmount();

      const second = await open();
      expect(within(second.dialog).getByLabelText('Question', { exact: true })).toHaveValue('');
      type(second.dialog, 'Question', 'Added');
      type(second.dialog, 'Option 1', 'a');
      type(second.dialog, 'Option 2', 'b');
      fireEvent.click(within(second.dialog).getAllByRole('radio')[0]!);
      fireEvent.click(within(second.dialog).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(second.onSave).toHaveBeenCalled());
      expect(sessionStorage.getItem(key)).toBeNull();
    });

    it('is not kept while the question is as it opened', async () => {
      const { dialog } = await open();
      type(dialog, 'Question', 'x');
      expect(sessionStorage.getItem(key)).not.toBeNull();
      type(dialog, 'Question', '');
      expect(sessionStorage.getItem(key)).toBeNull();
    });
  });
});
