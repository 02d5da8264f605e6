import { useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toYouTubeEmbedUrl } from '@app/shared';
import { useVideoWatched } from './use-video-watched.ts';

/**
 * The player's address with its JavaScript API on, so it reports playback to this page only
 * (`origin`), and its controls, menus and tooltips in the reader's language (`hl`: YouTube otherwise
 * picks the browser's, an English player inside an Arabic page); nothing else about the embed changes.
 */
function playerUrl(link: string | null, language: string): URL | null {
  const embed = link ? toYouTubeEmbedUrl(link) : null;
  if (!embed) return null;
  const url = new URL(embed);
  url.searchParams.set('enablejsapi', '1');
  url.searchParams.set('origin', window.location.origin);
  url.searchParams.set('hl', language);
  return url;
}

/**
 * A video resource in a responsive 16:9 frame, always from YouTube's privacy-enhanced host. The frame's
 * title (the resource title) names it for screen readers. `onWatched` fires once at 90 % watched.
 */
export function VideoFrame({
  link,
  title,
  lang,
  onWatched,
}: {
  link: string | null;
  title: string;
  lang: string;
  onWatched: () => void;
}) {
  const { i18n } = useLingui();
  const frame = useRef<HTMLIFrameElement>(null);
  const url = playerUrl(link, i18n.locale);
  useVideoWatched(frame, url?.origin ?? null, onWatched);
  if (!url)
    return (
      <p className="rounded-md border border-gray-200 bg-white p-6 text-center text-ink">
        <Trans>This video cannot be shown.</Trans>
      </p>
    );
  return (
    // In a short window (a phone held sideways) the frame is as wide as lets all of it fit the height.
    <div className="relative mx-auto aspect-video w-full overflow-hidden rounded-lg bg-black short:max-w-[calc((100dvh-2rem)*16/9)]">
      <iframe
        ref={frame}
        src={url.href}
        title={title}
        lang={lang}
        className="absolute inset-0 size-full border-0"
        // `fullscreen` here, not also `allowFullScreen`: with both the browser warns that `allow` wins.
        allow="encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
        data-testid="video-frame"
      />
    </div>
  );
}
