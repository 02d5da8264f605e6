import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import type { LearnerCourse } from '@app/shared';
import { activateLanguage } from '../../../../i18n/i18n.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { fakeApi, stubHeldFetch } from '../../../../test/stub-api.ts';
import { COURSE_ID, learnerCourse, QUIZ_ID, summary } from '../../../../test/course-fixtures.ts';
import { CourseCatalogue } from '../course-catalogue.tsx';
import { CourseViewer } from './course-viewer.tsx';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

const error =
  (status: number, code: string, message = 'Nope') =>
  () => ({
    status,
    body: { success: false, code, message },
  });

function renderViewer(handlers: Parameters<typeof fakeApi>[0], route = `/course/${COURSE_ID}`) {
  const api = fakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  return {
    ...renderApp(
      <>
        <CourseViewer courseId={COURSE_ID} />
        <Toaster />
      </>,
      { route, path: '/course/:id' },
    ),
    api,
  };
}

/**
 * The course after its author edited the quiz: question 2 removed, a new question first, question 1
 * as it was, now second.
 */
function withEditedQuiz(): LearnerCourse {
  const course = learnerCourse();
  const quiz = course.course_section[0]!.resources[1]!;
  quiz.quiz = [
    { _id: 'q3', type: 'truefalse', question: 'Open data can be reused.', question_tr: null, options: [] },
    quiz.quiz![0]!,
  ];
  return course;
}

/** The course after its author removed the quiz. */
function withoutQuiz(): LearnerCourse {
  const course = learnerCourse();
  course.course_section[0]!.resources.splice(1, 1);
  return course;
}

/** The server's answer to answers for questions the quiz no longer has (`submitQuiz`). */
const unknownQuestion = () => ({
  status: 400,
  body: {
    success: false,
    code: 'VALIDATION_FAILED',
    message: 'Some fields are missing or invalid.',
    errors: [{ path: 'quizAnswers.1._id', message: 'invalid' }],
  },
});

/**
 * The viewer on the quiz; the course as `courseNow()` says, and the quiz's submissions answered by
 * `submitted`.
 */
function takeQuiz(courseNow: () => LearnerCourse, submitted: () => { status?: number; body: unknown }) {
  const { api } = renderViewer(
    {
      [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: courseNow() } }),
      [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: 0 } }),
      [`GET /user/course/${COURSE_ID}/progress`]: () => ({
        body: { success: true, data: { completed: [], progress: 0 } },
      }),
      [`POST /course/exercise-score/${COURSE_ID}`]: submitted,
    },
    `/course/${COURSE_ID}?resource=${QUIZ_ID}`,
  );
  const courseFetches = () => api.calls.filter((call) => call.key === `GET /user/course/${COURSE_ID}`);
  return { api, courseFetches };
}

/** A mouse press on an option: pointerdown, then the click that checks it. */
async function press(label: string) {
  const radio = await screen.findByRole('radio', { name: label });
  fireEvent.pointerDown(radio);
  fireEvent.click(radio);
}

describe('CourseViewer', () => {
  it('shows the course: title, progress, numbered sections, typed items and the course description', async () => {
    renderViewer({
      [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: learnerCourse() } }),
      [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: 10 } }),
      [`GET /user/course/${COURSE_ID}/progress`]: () => ({
        body: {
          success: true,
          data: { completed: ['55555555-5555-4555-8555-555555555555'], progress: 33.4 },
        },
      }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Introduction to Open Science' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Your Progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    const content = screen.getByRole('navigation', { name: 'Course content' });
    expect(within(content).getByRole('heading', { name: 'Section 1: Getting started' })).toBeInTheDocument();
    // The course progress (lessons and quizzes) is in the header; a completed lesson has its tick.
    expect(
      await within(content).findByRole('button', { name: 'Video: Welcome Completed' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('progress-rule')).toHaveTextContent(
      'Your progress counts each video, PDF and quiz equally',
    );
    // The first item still to do is marked (decision 094).
    expect(within(content).getByRole('button', { name: 'Quiz: Quiz one Up next' })).toBeInTheDocument();
    expect(within(content).getAllByTestId('up-next')).toHaveLength(1);
    expect(within(content).getByRole('progressbar', { name: 'Best score: Quiz one' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.getByRole('tab', { name: 'Course description' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('description-text')).toHaveTextContent(
      'Why sharing data makes research better.',
    );
    expect(
      screen.getByRole('link', { name: /Creative Commons Attribution 4.0 International/ }),
    ).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
    expect(within(content).queryByTestId('certificate-item')).not.toBeInTheDocument();
    // The tab is named after the course (isolated, as it is user text).
    expect(document.title).toBe('\u2068Introduction to Open Science\u2069 · Open Science Courses');
  });

  it('names a quiz titled with its type word once ("Quiz", not "Quiz: Quiz"), in either language', async () => {
    // Compared as the app compares answers: case, spaces and Arabic spelling variants aside.
    const titles = [
      { title: ' QUIZ ', title_tr: null }, // English only: shown as written in the Arabic interface too
      { title: 'Check', title_tr: 'إختبار' },
    ];
    for (const { title, title_tr } of titles) {
      const course = learnerCourse();
      Object.assign(course.course_section[0]!.resources[1]!, { title, title_tr });
      const { unmount } = renderViewer({
        [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: course } }),
        [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: 0 } }),
        [`GET /user/course/${COURSE_ID}/progress`]: () => ({
          body: { success: true, data: { completed: [], progress: 0 } },
        }),
      });
      const content = await screen.findByRole('navigation', { name: 'Course content' });
      await within(content).findByRole('button', { name: 'Video: Welcome Up next' });
      const quiz = within(content).getByTestId('quiz-item');
      expect(quiz).toHaveAccessibleName(title === 'Check' ? 'Quiz: Check' : 'Quiz');
      await act(() => activateLanguage('ar'));
      try {
        await waitFor(() => expect(quiz).toHaveAccessibleName('اختبار'));
      } finally {
        await act(() => activateLanguage('en'));
      }
      unmount();
    }
  });

  it('with nothing selected, offers the way on: the first item to start, then the first still to do, then the certificate', async () => {
    const open = (completed: string[], quizScore: { quizId: string; score: number }[] = []) => {
      cleanup();
      return renderViewer({
        [`GET /user/course/${COURSE_ID}`]: () => ({
          body: { success: true, data: learnerCourse({ quizScore }) },
        }),
        [`GET /user/overall-score/${COURSE_ID}`]: () => ({
          body: { success: true, score: quizScore[0]?.score ?? 0 },
        }),
        [`GET /user/course/${COURSE_ID}/progress`]: () => ({
          body: { success: true, data: { completed, progress: 0 } },
        }),
      }).router;
    };

    let router = open([]);
    expect(await screen.findByRole('heading', { name: 'Welcome to the course' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Start: Welcome' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?resource=55555555-5555-4555-8555-555555555555'),
    );

    // The video done: the quiz is next.
    open(['55555555-5555-4555-8555-555555555555']);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue: Quiz one' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
    // Focus moves to what was picked (from the welcome panel it fell to the page).
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Quiz one' })).toHaveFocus());

    // Everything tried, the certificate earned: it is the way on, and no item is "up next".
    router = open(['55555555-5555-4555-8555-555555555555'], [{ quizId: QUIZ_ID, score: 90 }]);
    expect(await screen.findByText('You have been through every item of this course.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByTestId('up-next')).not.toBeInTheDocument();
    // The same action as the list's certificate item, under the same name.
    expect(await screen.findByTestId('next-step')).toHaveAccessibleName('Your certificate');
    fireEvent.click(screen.getByTestId('next-step'));
    await waitFor(() => expect(router.state.location.search).toBe('?resource=certificate'));
  });

  it('opens a video in a privacy-enhanced frame titled by the resource, and shows its description', async () => {
    const { router } = renderViewer({
      [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: learnerCourse() } }),
      [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: 0 } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Video: Welcome' }));
    const frame = await screen.findByTitle('Welcome');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.host).toBe('www.youtube-nocookie.com');
    // The player reports playback to this page only (decision 033).
    expect(src.searchParams.get('enablejsapi')).toBe('1');
    expect(src.searchParams.get('origin')).toBe(window.location.origin);
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    expect(screen.getByRole('button', { name: 'Video: Welcome' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('description-text')).toHaveTextContent('A short welcome.');
    expect(new URLSearchParams(router.state.location.search).get('resource')).toBe(
      '55555555-5555-4555-8555-555555555555',
    );
  });

  it('updates the quiz bar and the course progress after a submit, and offers the certificate at 80 %', async () => {
    let overall = 40;
    let progress = 20;
    renderViewer(
      {
        [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: learnerCourse() } }),
        [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: overall } }),
        [`GET /user/course/${COURSE_ID}/progress`]: () => ({
          body: { success: true, data: { completed: [], progress } },
        }),
        [`POST /course/exercise-score/${COURSE_ID}`]: () => {
          overall = 80;
          progress = 50;
          return {
            body: {
              success: true,
              score: { currentScore: 100, quizScore: [{ quizId: QUIZ_ID, score: 100 }] },
              feedback: [],
            },
          };
        },
      },
      `/course/${COURSE_ID}?resource=${QUIZ_ID}`,
    );
    for (const option of ['Open data', 'Reproducibility']) {
      const radio = await screen.findByRole('radio', { name: option });
      fireEvent.pointerDown(radio);
      fireEvent.click(radio);
    }
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Your score: 100%' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Best score: Quiz one' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      ),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Your Progress' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    expect(await screen.findByTestId('certificate-item')).toHaveTextContent('Your certificate');
  });

  it('says the best score above a quiz taken before, not above one never taken', async () => {
    // An attempt's result is shown once (decision 035); coming back, the quiz starts again at question 1.
    const openQuiz = async (quizScore: { quizId: string; score: number }[]) => {
      renderViewer(
        {
          [`GET /user/course/${COURSE_ID}`]: () => ({
            body: { success: true, data: learnerCourse({ quizScore }) },
          }),
          [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: 0 } }),
          [`GET /user/course/${COURSE_ID}/progress`]: () => ({
            body: { success: true, data: { completed: [], progress: 0 } },
          }),
        },
        `/course/${COURSE_ID}?resource=${QUIZ_ID}`,
      );
      expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeInTheDocument();
    };
    await openQuiz([{ quizId: QUIZ_ID, score: 80 }]);
    expect(screen.getByTestId('quiz-best')).toHaveTextContent('Your best score so far: 80%');
    cleanup();
    await openQuiz([]);
    expect(screen.queryByTestId('quiz-best')).toBeNull();
  });

  it('keeps a certificate already issued when the score has dropped below 80 (decision 104)', async () => {
    // The author added a quiz after the certificate was issued: 60 %, the certificate kept by the server.
    renderViewer(
      {
        [`GET /user/course/${COURSE_ID}`]: () => ({
          body: { success: true, data: learnerCourse({ quizScore: [{ quizId: QUIZ_ID, score: 100 }] }) },
        }),
        [`GET /user/overall-score/${COURSE_ID}`]: () => ({
          body: { success: true, score: 60, certificateIssued: true },
        }),
        [`GET /user/course/${COURSE_ID}/progress`]: () => ({
          body: { success: true, data: { completed: [], progress: 50 } },
        }),
      },
      `/course/${COURSE_ID}?resource=certificate`,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Your certificate' })).toBeInTheDocument();
    expect(screen.getByTestId('certificate-item')).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByText('A higher quiz score earns the certificate.')).not.toBeInTheDocument();
  });

  it('offers no certificate below 80 when none was issued', async () => {
    renderViewer(
      {
        [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: learnerCourse() } }),
        [`GET /user/overall-score/${COURSE_ID}`]: () => ({
          body: { success: true, score: 79.6, certificateIssued: false },
        }),
        [`GET /user/course/${COURSE_ID}/progress`]: () => ({
          body: { success: true, data: { completed: [], progress: 50 } },
        }),
      },
      `/course/${COURSE_ID}?resource=certificate`,
    );
    expect(await screen.findByRole('heading', { name: 'Welcome to the course' })).toBeInTheDocument();
    expect(screen.queryByTestId('certificate-item')).not.toBeInTheDocument();
  });

  it('explains a course the learner is not enrolled in, with a way to enrol', async () => {
    renderViewer({ [`GET /user/course/${COURSE_ID}`]: error(403, 'NOT_ENROLLED') });
    expect(
      await screen.findByRole('heading', { name: 'You are not enrolled in this course' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Learning' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('You are not enrolled in this course · Open Science Courses'),
    );
    expect(screen.getAllByRole('link', { name: /dashboard|Browse courses/ }).length).toBeGreaterThan(0);
  });

  it('names the course a learner is not enrolled in, in the reader’s language, when the refusal does', async () => {
    renderViewer({
      [`GET /user/course/${COURSE_ID}`]: () => ({
        status: 403,
        body: {
          success: false,
          code: 'NOT_ENROLLED',
          message: 'Nope',
          course: { id: COURSE_ID, title: 'Reproducible Research', title_tr: 'البحث القابل للتكرار' },
        },
      }),
    });
    await screen.findByRole('heading', { name: 'You are not enrolled in this course' });
    expect(screen.getByText('Reproducible Research')).toHaveAttribute('lang', 'en');
    await act(() => activateLanguage('ar'));
    try {
      expect(screen.getByText('البحث القابل للتكرار')).toHaveAttribute('dir', 'rtl');
      expect(screen.queryByText('Reproducible Research')).not.toBeInTheDocument();
    } finally {
      await act(() => activateLanguage('en'));
    }
  });

  it('says a course out of the catalogue is not open for enrolment, and offers no way to enrol (decision 104)', async () => {
    renderViewer({ [`GET /user/course/${COURSE_ID}`]: error(403, 'COURSE_NOT_AVAILABLE') });
    expect(
      await screen.findByRole('heading', { name: 'This course is not open for enrolment' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Learning' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Enrol to watch/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('This course is not open for enrolment · Open Science Courses'),
    );
  });

  it('turns to "not open for enrolment" when enrolling is refused because the course has just closed', async () => {
    let closed = false;
    const { api } = renderViewer({
      [`GET /user/course/${COURSE_ID}`]: () =>
        closed ? error(403, 'COURSE_NOT_AVAILABLE')() : error(403, 'NOT_ENROLLED')(),
      [`GET /course/enroll/${COURSE_ID}`]: () => {
        closed = true;
        return error(409, 'COURSE_NOT_AVAILABLE', 'This course is not open for enrolment.')();
      },
    });
    const start = await screen.findByRole('button', { name: 'Start Learning' });
    start.focus();
    fireEvent.click(start);
    const heading = await screen.findByRole('heading', { name: 'This course is not open for enrolment' });
    expect(screen.queryByRole('button', { name: 'Start Learning' })).not.toBeInTheDocument();
    // The button went with the focus in it: the page's heading has it (decision 164).
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.calls.filter((call) => call.key === `GET /user/course/${COURSE_ID}`)).toHaveLength(2);
  });

  it('while the course loads: the viewer’s own header and a busy skeleton announced as loading, in the reader’s language (decision 111)', async () => {
    const api = fakeApi({
      [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: learnerCourse() } }),
      [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: 0 } }),
      [`GET /user/course/${COURSE_ID}/progress`]: () => ({
        body: { success: true, data: { completed: [], progress: 0 } },
      }),
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await held;
      return api.fetch(input, init);
    });
    renderApp(<CourseViewer courseId={COURSE_ID} />, { route: `/course/${COURSE_ID}`, path: '/course/:id' });

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Loading the course…');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(main).toContainElement(status);
    // The header the course will have: its back button, menu button and content button (disabled:
    // there is no content yet), a bar in place of the title.
    const header = screen.getByRole('banner');
    expect(within(header).getByTestId('back-button')).toHaveAccessibleName('Back to dashboard');
    expect(within(header).getByTestId('viewer-menu-button')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Course Content' })).toBeDisabled();
    // The page's heading already, in the title's place: "Course", as the tab says; its bar is not read.
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(within(header).getByRole('heading', { level: 1 })).toHaveAccessibleName('Course');
    await waitFor(() => expect(document.title).toBe('Course · Open Science Courses'));
    await act(() => activateLanguage('ar'));
    try {
      expect(screen.getByRole('status')).toHaveTextContent('جارٍ تحميل الدورة…');
      expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName('الدورة');
    } finally {
      await act(() => activateLanguage('en'));
    }

    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Introduction to Open Science' }),
    ).toBeInTheDocument();
    // Nothing was swapped: the header is the one that was there, now with the title.
    expect(screen.getByRole('banner')).toBe(header);
    expect(within(header).getByRole('button', { name: 'Course Content' })).toBeEnabled();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });

  it('says a course that does not exist was not found', async () => {
    renderViewer({ [`GET /user/course/${COURSE_ID}`]: error(404, 'NOT_FOUND') });
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
  });

  it('shows the error panel on failure, busy while "Try again" runs, and recovers', async () => {
    let fail = true;
    const { api } = renderViewer({
      [`GET /user/course/${COURSE_ID}`]: () =>
        fail ? error(500, 'INTERNAL')() : { body: { success: true, data: learnerCourse() } },
      [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: 0 } }),
    });
    expect(
      await screen.findByText('We encountered an error while fetching your courses'),
    ).toBeInTheDocument();
    fail = false;
    const retry = stubHeldFetch(api.fetch);
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    tryAgain.focus();
    fireEvent.click(tryAgain);
    // The panel stays (not the loading skeleton), its button busy and still focused.
    await vi.waitFor(() => expect(tryAgain).toHaveAttribute('aria-busy', 'true'));
    expect(tryAgain).toHaveFocus();
    expect(screen.getByText('We encountered an error while fetching your courses')).toBeInTheDocument();
    act(() => retry.release());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Introduction to Open Science' }),
    ).toBeInTheDocument();
  });
  describe('the focus after enrolling: the enrol button is gone, the course’s heading takes it (decision 164)', () => {
    const courseAnswers = {
      [`GET /course/enroll/${COURSE_ID}`]: () => ({ body: { success: true, message: 'Enrolled' } }),
      [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: learnerCourse() } }),
      [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: 0 } }),
      [`GET /user/course/${COURSE_ID}/progress`]: () => ({
        body: { success: true, data: { completed: [], progress: 0 } },
      }),
    };
    const catalogue = (...courses: ReturnType<typeof summary>[]) => ({
      'GET /course/approved?limit=12': () => ({
        body: {
          success: true,
          data: courses,
          pagination: { total: courses.length, limit: 12, offset: 0, next: null },
        },
      }),
    });
    /** The dashboard's catalogue, whose cards open the viewer; the course's own fetch held. */
    function renderCatalogue(...courses: ReturnType<typeof summary>[]) {
      const api = fakeApi({ ...catalogue(...courses), ...courseAnswers });
      const held = stubHeldFetch(api.fetch, (url) => url.endsWith(`/user/course/${COURSE_ID}`));
      const { router } = renderApp(<CourseCatalogue />, {
        route: '/dashboard',
        path: '/dashboard',
        routes: [{ path: '/course/:id', element: <CourseViewer courseId={COURSE_ID} /> }],
      });
      return { router, held };
    }
    const title = 'Introduction to Open Science';

    it('opened by "Start Learning" in the catalogue: the heading, once the course has loaded', async () => {
      const { router, held } = renderCatalogue(summary());
      const start = await screen.findByRole('button', { name: `Start Learning: ${title}` });
      start.focus();
      fireEvent.click(start);
      // The viewer, loading: its heading says "Course"; the focus waits for the course's own.
      expect(await screen.findByRole('heading', { level: 1, name: 'Course' })).not.toHaveFocus();
      await vi.waitFor(() => expect(held.holding()).toBe(true));
      expect(document.body).toHaveFocus();
      held.release();
      const heading = await screen.findByRole('heading', { level: 1, name: title });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(heading).toHaveAttribute('tabindex', '-1'); // focusable by code, not in the Tab order

      // Back, then Forward to the same entry (its state says "enrolled"): no longer an enrolment.
      act(() => void router.navigate(-1));
      await screen.findByRole('heading', { level: 1, name: 'Available Courses' });
      act(() => void router.navigate(1));
      const again = await screen.findByRole('heading', { level: 1, name: title });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(again).not.toHaveFocus();
    });

    it('opened by an enrolled card’s link: the focus stays at the document’s start (decision 129)', async () => {
      const { held } = renderCatalogue(summary({ enrolled: true }));
      const link = await screen.findByRole('link', { name: title });
      link.focus();
      fireEvent.click(link);
      await vi.waitFor(() => expect(held.holding()).toBe(true));
      held.release();
      const heading = await screen.findByRole('heading', { level: 1, name: title });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heading).not.toHaveFocus();
      expect(document.body).toHaveFocus();
    });

    it('enrolled from the viewer’s own "Start Learning": the heading of the course that replaced it', async () => {
      let enrolled = false;
      renderViewer({
        ...courseAnswers,
        [`GET /course/enroll/${COURSE_ID}`]: () => {
          enrolled = true;
          return { body: { success: true, message: 'Enrolled' } };
        },
        [`GET /user/course/${COURSE_ID}`]: () =>
          enrolled ? { body: { success: true, data: learnerCourse() } } : error(403, 'NOT_ENROLLED')(),
      });
      const start = await screen.findByRole('button', { name: 'Start Learning' });
      start.focus();
      fireEvent.click(start);
      const heading = await screen.findByRole('heading', { level: 1, name: title });
      await waitFor(() => expect(heading).toHaveFocus());
    });
  });

  describe('a quiz the author changes while the learner takes it', () => {
    for (const language of ['en', 'ar'] as const) {
      const words = {
        en: {
          question: (n: number) => `Question ${n} of 2`,
          previous: 'Previous',
          next: 'Next',
          submit: 'Submit',
          openData: 'Open data',
          true: 'True',
          changed: 'This quiz was changed while you were taking it. Check your answers and submit again.',
        },
        ar: {
          question: (n: number) => `السؤال ${n} من 2`,
          previous: 'السابق',
          next: 'التالي',
          submit: 'إرسال',
          openData: 'بيانات مفتوحة',
          true: 'صح',
          changed: 'عُدِّل هذا الاختبار أثناء إجابتك عنه. راجع إجاباتك ثم أرسلها مرة أخرى.',
        },
      }[language];

      it(`${language}: refused (400, unknown question), the course is fetched again, the answers that still fit are kept, and the learner is told`, async () => {
        let edited = false;
        const { api, courseFetches } = takeQuiz(
          () => (edited ? withEditedQuiz() : learnerCourse()),
          () => {
            if (edited)
              return {
                body: {
                  success: true,
                  score: { currentScore: 100, quizScore: [{ quizId: QUIZ_ID, score: 100 }] },
                  feedback: [],
                },
              };
            edited = true; // the author saved while the learner was answering
            return unknownQuestion();
          },
        );
        try {
          await screen.findByRole('heading', { name: 'Question 1 of 2' });
          await act(() => activateLanguage(language));
          await press(words.openData);
          await press('Reproducibility');
          fireEvent.click(await screen.findByRole('button', { name: words.submit }));

          // The quiz as it is now, on its first question left open (the new one), where Next would
          // stop; focus on the quiz heading, which is read with what happened.
          const notice = await screen.findByTestId('quiz-changed');
          expect(notice).toHaveTextContent(words.changed);
          expect(courseFetches()).toHaveLength(2);
          const heading = screen.getByRole('heading', { name: words.question(1) });
          await waitFor(() => expect(heading).toHaveFocus());
          expect(heading).toHaveAccessibleDescription(words.changed);
          expect(screen.getByRole('group', { name: 'Open data can be reused.' })).toBeInTheDocument();
          expect(screen.getByRole('radio', { name: words.true })).not.toBeChecked();
          expect(screen.getByRole('button', { name: words.next })).toBeDisabled();
          await press(words.true);
          // The answer to the question still there is kept.
          expect(await screen.findByRole('heading', { name: words.question(2) })).toBeInTheDocument();
          expect(screen.getByRole('radio', { name: words.openData })).toBeChecked();
          fireEvent.click(screen.getByRole('button', { name: words.previous }));
          expect(await screen.findByRole('radio', { name: words.true })).toBeChecked();
          fireEvent.click(screen.getByRole('button', { name: words.next }));

          fireEvent.click(await screen.findByRole('button', { name: words.submit }));
          expect(await screen.findByTestId('quiz-result')).toBeInTheDocument();
          expect(api.calls.filter((call) => call.key.startsWith('POST')).at(-1)?.body).toEqual({
            resourceId: QUIZ_ID,
            quizAnswers: [
              { _id: 'q3', answer: 'true' },
              { _id: 'q1', answer: 'Open data' },
            ],
          });
          expect(screen.queryByTestId('quiz-changed')).not.toBeInTheDocument();
        } finally {
          await act(() => activateLanguage('en'));
        }
      });
    }

    it('refused (404, the quiz removed), the course is fetched again and the viewer offers the way on', async () => {
      let removed = false;
      const { courseFetches } = takeQuiz(
        () => (removed ? withoutQuiz() : learnerCourse()),
        () => {
          removed = true;
          return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Quiz not found.' } };
        },
      );
      await press('Open data');
      await press('Reproducibility');
      fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));

      expect(await screen.findByText('This quiz was removed while you were taking it.')).toBeInTheDocument();
      expect(courseFetches()).toHaveLength(2);
      expect(await screen.findByRole('heading', { name: 'Welcome to the course' })).toBeInTheDocument();
      expect(screen.queryByTestId('quiz')).not.toBeInTheDocument();
      expect(screen.queryByTestId('quiz-item')).not.toBeInTheDocument();
    });

    it('refused (404, the quiz removed) with Submit focused, the focus goes to the heading of the way on (decision 111)', async () => {
      let removed = false;
      takeQuiz(
        () => (removed ? withoutQuiz() : learnerCourse()),
        () => {
          removed = true;
          return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Quiz not found.' } };
        },
      );
      await press('Open data');
      await press('Reproducibility');
      const submit = await screen.findByRole('button', { name: 'Submit' });
      submit.focus();
      fireEvent.click(submit);

      expect(await screen.findByText('This quiz was removed while you were taking it.')).toBeInTheDocument();
      const heading = await screen.findByRole('heading', { name: 'Welcome to the course' });
      // Not the page: the learner carries on from the way on the viewer now offers.
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.getByTestId('next-step')).toHaveTextContent('Start: Welcome');
    });

    it('refused (404) for a quiz the author emptied, the focus goes to its heading, which stays (decision 111)', async () => {
      let emptied = false;
      takeQuiz(
        () => {
          const course = learnerCourse();
          if (emptied) course.course_section[0]!.resources[1]!.quiz = [];
          return course;
        },
        () => {
          emptied = true;
          return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Quiz not found.' } };
        },
      );
      await press('Open data');
      await press('Reproducibility');
      const submit = await screen.findByRole('button', { name: 'Submit' });
      submit.focus();
      fireEvent.click(submit);

      expect(await screen.findByText('This quiz has no questions yet.')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Quiz one' })).toHaveFocus());
    });

    it('a network failure or another refusal fetches nothing again: the answers stay for a retry; a refusal for the changed quiz then does', async () => {
      let answer: () => { status?: number; body: unknown } = () => {
        throw new TypeError('Failed to fetch');
      };
      let edited = false;
      const { api, courseFetches } = takeQuiz(
        () => (edited ? withEditedQuiz() : learnerCourse()),
        () => answer(),
      );
      await press('Open data');
      await press('Reproducibility');
      const submit = await screen.findByRole('button', { name: 'Submit' });
      fireEvent.click(submit);
      expect(
        await screen.findByText('We could not reach the server. Check your connection and try again.'),
      ).toBeInTheDocument();
      await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
      expect(screen.getByRole('radio', { name: 'Reproducibility' })).toBeChecked();

      // A refusal of an answer itself (not of a question id) is not a changed quiz either.
      answer = () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'Some fields are missing or invalid.',
          errors: [{ path: 'quizAnswers.1.answer', message: 'invalid' }],
        },
      });
      fireEvent.click(submit);
      expect(await screen.findByText('Some fields are missing or invalid.')).toBeInTheDocument();
      await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
      expect(screen.getByRole('radio', { name: 'Reproducibility' })).toBeChecked();
      expect(screen.queryByTestId('quiz-changed')).not.toBeInTheDocument();
      expect(courseFetches()).toHaveLength(1);

      answer = () => {
        edited = true;
        return unknownQuestion();
      };
      fireEvent.click(submit);
      expect(await screen.findByTestId('quiz-changed')).toBeInTheDocument();
      expect(courseFetches()).toHaveLength(2);
      expect(api.calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(3);
    });
  });
});

describe('the way on under a completed lesson or a quiz result', () => {
  const VIDEO_ID = '55555555-5555-4555-8555-555555555555';

  /** The viewer on `resource`, with a server that records the video's completion and scores the quiz. */
  function openOn(resource: string, quizScore: number, overallAfter: number) {
    const completed: string[] = [];
    let overall = 0;
    const progress = () => ({ body: { success: true, data: { completed: [...completed], progress: 0 } } });
    return renderViewer(
      {
        [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: learnerCourse() } }),
        [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: overall } }),
        [`GET /user/course/${COURSE_ID}/progress`]: progress,
        [`PUT /user/course/${COURSE_ID}/completion/${VIDEO_ID}`]: () => {
          completed.push(VIDEO_ID);
          return progress();
        },
        [`POST /course/exercise-score/${COURSE_ID}`]: () => {
          overall = overallAfter;
          return {
            body: {
              success: true,
              score: { currentScore: quizScore, quizScore: [{ quizId: QUIZ_ID, score: quizScore }] },
              feedback: [],
            },
          };
        },
      },
      `/course/${COURSE_ID}?resource=${resource}`,
    );
  }

  async function submitQuiz() {
    await press('Open data');
    await press('Reproducibility');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  }

  it('a lesson marked as done offers the next item, which opens as a pick from the list does, its heading focused', async () => {
    const { router } = openOn(VIDEO_ID, 0, 0);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as done' }));
    const next = await screen.findByRole('button', { name: 'Next: Quiz one' });
    // In Arabic, "التالي" with the title as the author wrote it (no Arabic title).
    await act(() => activateLanguage('ar'));
    try {
      await waitFor(() => expect(next).toHaveAccessibleName('التالي: Quiz one'));
    } finally {
      await act(() => activateLanguage('en'));
    }
    fireEvent.click(next);
    await waitFor(() => expect(router.state.location.search).toBe(`?resource=${QUIZ_ID}`));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Quiz one' })).toHaveFocus());
  });

  it('a lesson not done yet offers no way on beside "Mark as done"', async () => {
    openOn(VIDEO_ID, 0, 0);
    expect(await screen.findByRole('button', { name: 'Mark as done' })).toBeInTheDocument();
    expect(screen.queryByTestId('next-step')).not.toBeInTheDocument();
  });

  it('the result of the last quiz, the certificate earned, offers the certificate beside "ReTake Quiz"', async () => {
    const { router } = openOn(QUIZ_ID, 100, 80);
    await submitQuiz();
    expect(await screen.findByRole('heading', { name: 'Your score: 100%' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ReTake Quiz' })).toBeInTheDocument();
    const next = await screen.findByTestId('next-step');
    expect(next).toHaveAccessibleName('Your certificate');
    fireEvent.click(next);
    await waitFor(() => expect(router.state.location.search).toBe('?resource=certificate'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Your certificate' })).toHaveFocus(),
    );
  });

  it('the result of the last quiz, no certificate earned, offers nothing new: only "ReTake Quiz"', async () => {
    const { api } = openOn(QUIZ_ID, 50, 25);
    await submitQuiz();
    expect(await screen.findByRole('heading', { name: 'Your score: 50%' })).toBeInTheDocument();
    // The overall score is fetched again after the attempt: still below 80, still nothing.
    const overallFetches = () =>
      api.calls.filter((call) => call.key === `GET /user/overall-score/${COURSE_ID}`).length;
    await waitFor(() => expect(overallFetches()).toBeGreaterThan(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('button', { name: 'ReTake Quiz' })).toBeInTheDocument();
    expect(screen.queryByTestId('next-step')).not.toBeInTheDocument();
  });
});
