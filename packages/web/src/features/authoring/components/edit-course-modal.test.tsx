import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCourse, aViewer, pressOutside, renderAuthoring, stubApi } from '../test/render-authoring.tsx';
import { stubHeldFetch } from '../../../test/stub-api.ts';
import { currentUserQuery } from '../../../lib/session.ts';
import { courseKeys } from '../api/query-keys.ts';
import { EditCourseModal } from './edit-course-modal.tsx';

const course = aCourse();
const failure = { status: 500, body: { success: false, code: 'INTERNAL', message: 'Internal error' } };

/** Fails the first `failures` requests, then answers `ok`. */
function failingFirst(failures: number, ok: { body: unknown }) {
  let calls = 0;
  return () => (calls++ < failures ? failure : ok);
}

describe('EditCourseModal', () => {
  it.each([
    ['the course', `GET /course/${course._id}`],
    ['who is reading', 'GET /auth/user'],
  ])('asks again for %s when that request failed', async (_, failed) => {
    const answers = {
      [`GET /course/${course._id}`]: { body: { success: true, data: course } },
      'GET /auth/user': { body: { success: true, data: { user: aViewer() } } },
    };
    const calls = stubApi({ ...answers, [failed]: failingFirst(1, answers[failed]!) });
    await renderAuthoring(<EditCourseModal courseId={course._id} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
    expect(await within(dialog).findByText('Fetching data failed')).toBeInTheDocument();

    // The retry held: the failure stays, its button busy and focused (not the spinner, decision 162).
    const retry = stubHeldFetch(globalThis.fetch);
    const tryAgain = within(dialog).getByRole('button', { name: 'Try again' });
    tryAgain.focus();
    fireEvent.click(tryAgain);
    await waitFor(() => expect(tryAgain).toHaveAttribute('aria-busy', 'true'));
    expect(tryAgain).toHaveFocus();
    expect(within(dialog).getByText('Fetching data failed')).toBeInTheDocument();
    retry.release();
    expect(await within(dialog).findByLabelText('Course title', { exact: true })).toHaveValue(
      'Open Science Basics',
    );
    // Only the failed request is made again.
    const made = calls.map((call) => `${call.method} ${call.path}`);
    expect(made.filter((call) => call === failed)).toHaveLength(2);
    expect(made.filter((call) => call !== failed)).toHaveLength(1);
  });

  it('says it will read the course again by itself when the server was away (decision 160)', async () => {
    stubApi({
      [`GET /course/${course._id}`]: {
        status: 503,
        body: {
          success: false,
          code: 'DATABASE_UNAVAILABLE',
          message: 'The service is briefly unavailable.',
        },
      },
      'GET /auth/user': { body: { success: true, data: { user: aViewer() } } },
    });
    await renderAuthoring(<EditCourseModal courseId={course._id} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
    expect(await within(dialog).findByText('Fetching data failed')).toBeInTheDocument();
    expect(
      within(dialog).getByText('We will try again by ourselves as soon as the server answers.'),
    ).toBeInTheDocument();
  });

  it('opens on the course as the server has it now, not as it was when last opened', async () => {
    // Saved elsewhere since this device last opened it: a form filled from the cache would show the
    // old course, and its save would undo the other one (found by a review with two browsers).
    const saved = aCourse({ title: 'Saved elsewhere', version: 8 });
    const calls = stubApi({
      [`GET /course/${course._id}`]: { body: { success: true, data: saved } },
      'GET /auth/user': { body: { success: true, data: { user: aViewer() } } },
    });
    function Board() {
      const [open, setOpen] = useState<string | null>(null);
      return (
        <>
          <button type="button" onClick={() => setOpen(course._id)}>
            View details
          </button>
          <EditCourseModal courseId={open} onClose={() => setOpen(null)} />
        </>
      );
    }
    const { queryClient } = await renderAuthoring(<Board />);
    queryClient.setQueryData(courseKeys.detail(course._id), aCourse({ version: 7 }));
    queryClient.setQueryData(currentUserQuery.queryKey, aViewer()); // as in the app: known already
    fireEvent.click(screen.getByRole('button', { name: 'View details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
    const title = await within(dialog).findByLabelText('Course title', { exact: true });
    expect(title).toHaveValue('Saved elsewhere');
    fireEvent.change(title, { target: { value: 'Mine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit Course' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.headers.get('if-match')).toBe('"8"');
  });

  describe('a press outside', () => {
    async function openCourse() {
      stubApi({
        [`GET /course/${course._id}`]: { body: { success: true, data: course } },
        'GET /auth/user': { body: { success: true, data: { user: aViewer() } } },
      });
      const onClose = vi.fn();
      await renderAuthoring(<EditCourseModal courseId={course._id} onClose={onClose} />);
      const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
      const title = await within(dialog).findByLabelText('Course title', { exact: true });
      return { dialog, title, onClose };
    }

    it('keeps the form open once something was changed; Escape asks before closing (decision 199)', async () => {
      const { dialog, title, onClose } = await openCourse();
      fireEvent.change(title, { target: { value: 'Open Science, revised' } });
      pressOutside(dialog);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(onClose).not.toHaveBeenCalled();
      expect(title).toHaveValue('Open Science, revised');

      fireEvent.keyDown(title, { key: 'Escape' });
      expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
    });

    it('closes the form when nothing was changed', async () => {
      const { dialog, onClose } = await openCourse();
      pressOutside(dialog);
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    });
  });

  describe('closing with unsaved changes (decision 199)', () => {
    const kept = () => localStorage.getItem(`course-draft:${course._id}`);

    async function openCourse() {
      stubApi({
        [`GET /course/${course._id}`]: { body: { success: true, data: course } },
        'GET /auth/user': { body: { success: true, data: { user: aViewer() } } },
      });
      const onClose = vi.fn();
      const rendered = await renderAuthoring(<EditCourseModal courseId={course._id} onClose={onClose} />);
      const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
      const title = await within(dialog).findByLabelText('Course title', { exact: true });
      return { dialog, title, onClose, rendered };
    }
    const closeWith = {
      'its close button': (dialog: HTMLElement) =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
      'its back arrow': (dialog: HTMLElement) =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Back' })),
      Escape: (dialog: HTMLElement) =>
        fireEvent.keyDown(within(dialog).getByLabelText('Course title', { exact: true }), { key: 'Escape' }),
    };

    it.each(Object.entries(closeWith))(
      'asks before closing with %s, its Cancel focused first and saying what is lost',
      async (_, close) => {
        const { dialog, title, onClose } = await openCourse();
        fireEvent.change(title, { target: { value: 'Open Science, revised' } });
        close(dialog);
        const asking = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
        expect(asking).toHaveAccessibleDescription(
          'Your changes to this course have not been saved. If you discard them, they will not be offered again when you open the course, and a course photo you chose, if any, is lost too.',
        );
        await waitFor(() =>
          expect(within(asking).getByRole('button', { name: 'Keep editing' })).toHaveFocus(),
        );
        expect(within(asking).getByRole('button', { name: 'Discard changes' })).toBeInTheDocument();
        expect(onClose).not.toHaveBeenCalled();
      },
    );

    it.each(Object.entries(closeWith))(
      'closes at once with %s when nothing was changed',
      async (_, close) => {
        const { dialog, onClose } = await openCourse();
        close(dialog);
        expect(onClose).toHaveBeenCalledTimes(1);
        expect(screen.queryByRole('alertdialog')).toBeNull();
      },
    );

    it('asks when only a course photo was chosen (it is never kept in the browser)', async () => {
      const { dialog, onClose } = await openCourse();
      const input = within(dialog).getByLabelText('Course photo', { exact: true });
      const png = new File([new Uint8Array(2_000)], 'cover.png', { type: 'image/png' });
      Object.defineProperty(input, 'files', { value: [png], configurable: true });
      fireEvent.change(input);
      expect(await within(dialog).findByTestId('cover-preview')).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
    });

    it('Cancel keeps the form open with what was typed, and the focus back where it was', async () => {
      const { dialog, title, onClose } = await openCourse();
      fireEvent.change(title, { target: { value: 'Open Science, revised' } });
      const close = within(dialog).getByRole('button', { name: 'Close' });
      close.focus();
      fireEvent.click(close);
      const asking = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
      fireEvent.click(within(asking).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(onClose).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog', { name: 'Edit Course' })).toBe(dialog);
      expect(title).toHaveValue('Open Science, revised');
      await waitFor(() => expect(close).toHaveFocus());
    });

    it('Discard changes closes the form and forgets the kept draft: opened again, nothing is offered', async () => {
      const { dialog, title, onClose, rendered } = await openCourse();
      fireEvent.change(title, { target: { value: 'Open Science, revised' } });
      await waitFor(() => expect(kept()).not.toBeNull()); // autosaved, as it would be offered on reopen
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      const asking = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
      fireEvent.click(within(asking).getByRole('button', { name: 'Discard changes' }));
      expect(onClose).toHaveBeenCalledTimes(1);
      rendered.rerender(<></>); // the board closes it (its address loses `?edit=`)
      expect(kept()).toBeNull();

      rendered.unmount();
      await openCourse();
      expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
      expect(screen.getByLabelText('Course title', { exact: true })).toHaveValue('Open Science Basics');
    });
  });
});
