import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { renderApp } from '../../../../test/render-app.tsx';
import { fakeApi, type StubAnswer } from '../../../../test/stub-api.ts';
import { COURSE_ID, learnerCourse } from '../../../../test/course-fixtures.ts';
import { CourseViewer } from './course-viewer.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

const VIDEO_ID = '55555555-5555-4555-8555-555555555555';
const PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The viewer on the video, with a server that records completions after failing `failures` first, and
 * answers the course as `course()` says at each request.
 */
function renderVideo(failures: StubAnswer[] = [], course = () => learnerCourse()) {
  const completed: string[] = [];
  const progress = () => ({
    body: { success: true, data: { completed: [...completed], progress: completed.length * 50 } },
  });
  const api = fakeApi({
    [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: course() } }),
    [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: 0 } }),
    [`GET /user/course/${COURSE_ID}/progress`]: progress,
    [`PUT /user/course/${COURSE_ID}/completion/${VIDEO_ID}`]: () => {
      const failure = failures.shift();
      if (failure) return failure;
      if (!completed.includes(VIDEO_ID)) completed.push(VIDEO_ID);
      return progress();
    },
  });
  vi.stubGlobal('fetch', api.fetch);
  renderApp(
    <>
      <CourseViewer courseId={COURSE_ID} />
      <Toaster />
    </>,
    {
      route: `/course/${COURSE_ID}?resource=${VIDEO_ID}`,
      path: '/course/:id',
    },
  );
  const puts = () => api.calls.filter((call) => call.key.startsWith('PUT ')).length;
  return { puts };
}

/** What YouTube's player posts to the page (enablejsapi=1). */
function playerSays(frame: HTMLIFrameElement, currentTime: number, origin = PLAYER_ORIGIN) {
  const data = JSON.stringify({
    event: 'infoDelivery',
    info: { currentTime, duration: 20 },
    channel: 'widget',
  });
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.contentWindow }));
}

/** The video watched from start to end, as the player reports it. */
function watchToTheEnd(frame: HTMLIFrameElement) {
  act(() => {
    for (let time = 0; time <= 20; time += 0.5) playerSays(frame, time);
  });
}

const away = (): StubAnswer => ({
  status: 503,
  headers: { 'retry-after': '1' },
  body: { success: false, code: 'DATABASE_UNAVAILABLE', message: 'The service is briefly unavailable.' },
});
const broken = (): StubAnswer => ({
  status: 500,
  body: { success: false, code: 'INTERNAL', message: 'Oops' },
});

describe('lesson completion in the viewer', () => {
  it('"Mark as done" completes the lesson once, ticks it and moves the progress', async () => {
    const { puts } = renderVideo();
    const button = await screen.findByRole('button', { name: 'Mark as done' });
    expect(screen.getByRole('progressbar', { name: 'Your Progress' })).toHaveAttribute('aria-valuenow', '0');
    fireEvent.click(button);
    const done = await screen.findByRole('button', { name: 'Completed' });
    expect(done).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(done);
    expect(puts()).toBe(1);
    const content = screen.getByRole('navigation', { name: 'Course content' });
    expect(within(content).getByRole('button', { name: 'Video: Welcome Completed' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Your Progress' })).toHaveAttribute('aria-valuenow', '50');
  });

  it('completes a video by itself at 90 % watched, trusting only the player frame', async () => {
    const { puts } = renderVideo();
    const frame = await screen.findByTitle<HTMLIFrameElement>('Welcome');
    act(() => {
      // Another origin, or the page itself, cannot complete the lesson.
      for (let time = 0; time <= 20; time += 0.5) playerSays(frame, time, 'https://evil.example');
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ event: 'infoDelivery', info: { currentTime: 20, duration: 20 } }),
          origin: PLAYER_ORIGIN,
          source: window,
        }),
      );
      // Seeking to the end is not watching.
      playerSays(frame, 0);
      playerSays(frame, 19.5);
    });
    expect(puts()).toBe(0);
    act(() => {
      for (let time = 0; time <= 18; time += 0.5) playerSays(frame, time);
    });
    expect(await screen.findByRole('button', { name: 'Completed' })).toBeInTheDocument();
    act(() => {
      for (let time = 18; time <= 20; time += 0.5) playerSays(frame, time);
    });
    expect(puts()).toBe(1);
  });

  it('completes by itself once the server asked to wait is back (503, Retry-After), with nothing said', async () => {
    const { puts } = renderVideo([away()]);
    watchToTheEnd(await screen.findByTitle<HTMLIFrameElement>('Welcome'));
    expect(await screen.findByRole('button', { name: 'Completed' }, { timeout: 3_000 })).toBeInTheDocument();
    expect(puts()).toBe(2);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when a completion sent by itself could not be saved, and "Mark as done" sends it again', async () => {
    const { puts } = renderVideo([broken(), broken()]);
    watchToTheEnd(await screen.findByTitle<HTMLIFrameElement>('Welcome'));
    expect(
      await screen.findByText('Could not mark this lesson as done.', {}, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(puts()).toBe(2); // once, and once again a second later
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByRole('button', { name: 'Completed' })).toBeInTheDocument();
  });

  it('shows the course as it is now when the lesson was removed meanwhile, the focus on what shows', async () => {
    const removed = { current: false };
    const withoutVideo = () => {
      const course = learnerCourse();
      const [section] = course.course_section;
      return {
        ...course,
        course_section: [{ ...section!, resources: section!.resources.filter((r) => r._id !== VIDEO_ID) }],
      };
    };
    renderVideo(
      [
        {
          status: 404,
          body: { success: false, code: 'NOT_FOUND', message: 'This lesson is not part of the course.' },
        },
      ],
      () => (removed.current ? withoutVideo() : learnerCourse()),
    );
    const button = await screen.findByRole('button', { name: 'Mark as done' });
    removed.current = true; // the author's edit, saved while the learner watched
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText('This lesson is not part of the course.')).toBeInTheDocument();
    const content = screen.getByRole('navigation', { name: 'Course content' });
    await waitFor(() => expect(within(content).queryByRole('button', { name: /Video: Welcome/ })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Mark as done' })).toBeNull();
    // The viewer's welcome in its place, its heading focused (decision 111).
    await waitFor(() => expect(screen.getByRole('heading', { name: /^Welcome/, level: 2 })).toHaveFocus());
  });
});
