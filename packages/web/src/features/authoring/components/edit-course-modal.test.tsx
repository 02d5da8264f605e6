import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { aCourse, aViewer, renderAuthoring, stubApi } from '../test/render-authoring.tsx';
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

    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByLabelText('Course title', { exact: true })).toHaveValue(
      'Open Science Basics',
    );
    // Only the failed request is made again.
    const made = calls.map((call) => `${call.method} ${call.path}`);
    expect(made.filter((call) => call === failed)).toHaveLength(2);
    expect(made.filter((call) => call !== failed)).toHaveLength(1);
  });
});
