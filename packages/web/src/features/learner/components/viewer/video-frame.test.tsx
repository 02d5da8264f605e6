import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { renderApp } from '../../../../test/render-app.tsx';
import { VideoFrame } from './video-frame.tsx';

const playerOf = () => new URL(screen.getByTitle('Welcome').getAttribute('src')!);

describe('VideoFrame', () => {
  it("asks YouTube for its controls in the reader's language, and follows a change of language", () => {
    renderApp(
      <VideoFrame
        link="https://www.youtube.com/watch?v=dQw4w9WgXcQ"
        title="Welcome"
        lang="en"
        onWatched={() => {}}
      />,
    );
    expect(playerOf().searchParams.get('hl')).toBe('en');
    act(() => i18n.loadAndActivate({ locale: 'ar', messages: {} }));
    expect(playerOf().searchParams.get('hl')).toBe('ar');
    // The rest of the address is the embed's (decision 033).
    expect(playerOf().host).toBe('www.youtube-nocookie.com');
    expect(playerOf().searchParams.get('enablejsapi')).toBe('1');
  });

  it('fits the height of a short window (a phone held sideways) by narrowing, not by cutting', () => {
    renderApp(
      <VideoFrame link="https://youtu.be/dQw4w9WgXcQ" title="Welcome" lang="en" onWatched={() => {}} />,
    );
    expect(screen.getByTitle('Welcome').parentElement).toHaveClass(
      'aspect-video',
      'w-full',
      'short:max-w-[calc((100dvh-2rem)*16/9)]',
    );
  });

  it("links the video's own page on YouTube, in a new tab", () => {
    renderApp(
      <VideoFrame link="https://youtu.be/dQw4w9WgXcQ" title="Welcome" lang="en" onWatched={() => {}} />,
    );
    const page = screen.getByRole('link', { name: 'Open the video on YouTube in a new tab' });
    expect(page).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(page).toHaveAttribute('target', '_blank');
    expect(page).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('offers no link where there is no video to show', () => {
    renderApp(<VideoFrame link="https://example.com/x" title="Welcome" lang="en" onWatched={() => {}} />);
    expect(screen.getByText('This video cannot be shown.')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
