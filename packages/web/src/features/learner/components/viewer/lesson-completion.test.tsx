import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../../../../test/render-app.tsx';
import { fakeApi } from '../../../../test/stub-api.ts';
import { COURSE_ID, learnerCourse } from '../../../../test/course-fixtures.ts';
import { CourseViewer } from './course-viewer.tsx';

afterEach(() => vi.unstubAllGlobals());

const VIDEO_ID = '55555555-5555-4555-8555-555555555555';
const PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/** The viewer on the video, with a server that records completions. */
function renderVideo() {
  const completed: string[] = [];
  const progress = () => ({
    body: { success: true, data: { completed: [...completed], progress: completed.length * 50 } },
  });
  const api = fakeApi({
    [`GET /user/course/${COURSE_ID}`]: () => ({ body: { success: true, data: learnerCourse() } }),
    [`GET /user/overall-score/${COURSE_ID}`]: () => ({ body: { success: true, score: 0 } }),
    [`GET /user/course/${COURSE_ID}/progress`]: progress,
    [`PUT /user/course/${COURSE_ID}/completion/${VIDEO_ID}`]: () => {
      if (!completed.includes(VIDEO_ID)) completed.push(VIDEO_ID);
      return progress();
    },
  });
  vi.stubGlobal('fetch', api.fetch);
  renderApp(<CourseViewer courseId={COURSE_ID} />, {
    route: `/course/${COURSE_ID}?resource=${VIDEO_ID}`,
    path: '/course/:id',
  });
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
});
