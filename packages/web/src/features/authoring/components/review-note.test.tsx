import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aCourse, aSummary, aViewer, renderAuthoring, stubApi } from '../test/render-authoring.tsx';
import { CourseCard } from './course-card.tsx';
import { CourseForm } from './course-form/course-form.tsx';

afterEach(() => activateLanguage('en'));

/** Decision 206: a course an administrator sent back, as its owner sees it. */
const note = {
  reason: 'Please cite the sources of each lesson.\nThe quiz needs a fourth question.',
  at: '2026-11-30T09:00:00.000Z',
};
const rejected = { status: 'Rejected' as const, status_tr: 'مرفوضة', review_note: note };

describe('the reviewer’s note on the contributor’s card', () => {
  it('shows a Rejected card’s pill and its note, cut to three lines in its own direction', () => {
    renderApp(<CourseCard course={aSummary(rejected)} onOpen={vi.fn()} />);
    const card = screen.getByTestId('course-card');
    expect(within(card).getByText('Rejected')).toHaveAttribute('data-status', 'Rejected');
    const box = within(card).getByTestId('review-note');
    expect(box).toHaveTextContent(/^Returned by the reviewer:Please cite the sources/);
    const text = within(box).getByText(/Please cite the sources/);
    expect(text).toHaveClass('line-clamp-3');
    // Its line breaks are kept, each line in its own direction.
    expect(text).toHaveAttribute('dir', 'auto');
    expect(text).toHaveClass('whitespace-pre-line', '[unicode-bidi:plaintext]');
  });

  it('is in Arabic for an Arabic reader', async () => {
    renderApp(<CourseCard course={aSummary(rejected)} onOpen={vi.fn()} />);
    await act(() => activateLanguage('ar'));
    expect(screen.getByText('مرفوضة')).toBeInTheDocument();
    expect(screen.getByTestId('review-note')).toHaveTextContent(/^أعادها المراجِع مع الملاحظة التالية:/);
  });

  it('is not shown on a card of another status, even with a note kept (submitted again)', () => {
    renderApp(<CourseCard course={aSummary({ status: 'Pending', review_note: note })} onOpen={vi.fn()} />);
    expect(screen.queryByTestId('review-note')).toBeNull();
  });
});

describe('the reviewer’s note in the edit form', () => {
  it('heads the form of a Rejected course, whole, and the owner submits it again (→ Pending)', async () => {
    const calls = stubApi({
      'PATCH /course/22222222-2222-4222-8222-222222222222': {
        body: {
          success: true,
          message: 'Course submitted for review',
          data: { course: aCourse({ status: 'Pending', review_note: note }) },
        },
      },
    });
    const onDone = vi.fn();
    await renderAuthoring(
      <CourseForm course={aCourse(rejected)} viewer={aViewer()} headingLevel={2} onDone={onDone} />,
    );
    const box = screen.getByTestId('review-note');
    expect(box).toHaveTextContent(
      'Returned by the reviewer on November 30th, 2026:Please cite the sources of each lesson. The quiz needs a fourth question.Make the changes it asks for, then press Submit for review.',
    );
    // Before the fields: the first thing the author reads.
    expect(
      box.compareDocumentPosition(screen.getByLabelText('Course title', { exact: true })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const text = within(box).getByText(/Please cite/);
    expect(text).toHaveAttribute('dir', 'auto');
    expect(text).toHaveClass('whitespace-pre-line', '[unicode-bidi:plaintext]');

    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ status: 'Pending' });
  });

  it('says the course was submitted again under a note kept on a Pending course', async () => {
    stubApi({});
    await renderAuthoring(
      <CourseForm
        course={aCourse({ status: 'Pending', review_note: note })}
        viewer={aViewer()}
        headingLevel={2}
        onDone={() => {}}
      />,
    );
    expect(screen.getByTestId('review-note')).toHaveTextContent(
      /^Submitted again\. The reviewer’s note of November 30th, 2026:Please cite/,
    );
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });

  it('reads neutrally, in a neutral box, under a note kept on a course neither Rejected nor Pending', async () => {
    stubApi({});
    await renderAuthoring(
      <CourseForm
        course={aCourse({ status: 'Archived', review_note: note })}
        viewer={aViewer('SuperAdmin', '99999999-9999-4999-8999-999999999999')}
        headingLevel={2}
        onDone={() => {}}
      />,
    );
    const box = screen.getByTestId('review-note');
    expect(box).toHaveTextContent(/^The reviewer’s note of November 30th, 2026:Please cite/);
    expect(box).toHaveClass('bg-gray-100');
  });

  it('is an amber notice, not an error, on a Rejected course’s card and form (as its pill)', async () => {
    stubApi({});
    renderApp(<CourseCard course={aSummary(rejected)} onOpen={vi.fn()} />);
    await renderAuthoring(
      <CourseForm course={aCourse(rejected)} viewer={aViewer()} headingLevel={2} onDone={() => {}} />,
    );
    for (const box of screen.getAllByTestId('review-note')) {
      expect(box).toHaveClass('bg-amber-50', 'border-[#b54708]');
      expect(box).not.toHaveClass('border-error');
      expect(box).not.toHaveClass('bg-red-50');
    }
  });

  it('offers no note and no submit to an administrator editing a Rejected course', async () => {
    stubApi({});
    await renderAuthoring(
      <CourseForm
        course={aCourse(rejected)}
        viewer={aViewer('SuperAdmin', '99999999-9999-4999-8999-999999999999')}
        headingLevel={2}
        onDone={() => {}}
      />,
    );
    // The administrator reads the note too (it is staff's); submitting is the owner's.
    expect(screen.getByTestId('review-note')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });

  it('is in Arabic for an Arabic reader', async () => {
    stubApi({});
    await renderAuthoring(
      <CourseForm course={aCourse(rejected)} viewer={aViewer()} headingLevel={2} onDone={() => {}} />,
    );
    await act(() => activateLanguage('ar'));
    expect(screen.getByTestId('review-note')).toHaveTextContent(/^أعادها المراجِع في .+ مع الملاحظة التالية:/);
    expect(screen.getByTestId('review-note')).toHaveTextContent(/ثم اضغط «إرسال للمراجعة»\.$/);
  });
});
