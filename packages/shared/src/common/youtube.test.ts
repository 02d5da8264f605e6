import { describe, expect, it } from 'vitest';
import { isEmbeddableVideoUrl, toYouTubeEmbedUrl } from './youtube.ts';

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('toYouTubeEmbedUrl', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  ])('turns %s into the privacy-enhanced embed URL', (input) => {
    expect(toYouTubeEmbedUrl(input)).toBe(EMBED);
  });

  it.each([
    'not a url',
    'javascript:alert(1)',
    'https://vimeo.com/123456',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/',
  ])('refuses %s', (input) => {
    expect(toYouTubeEmbedUrl(input)).toBeNull();
    expect(isEmbeddableVideoUrl(input)).toBe(false);
  });
});
