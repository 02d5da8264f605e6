import { useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiExternalLink } from 'react-icons/fi';
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
    <div className="flex flex-col gap-3">
      {/* In a short window (a phone held sideways) the frame is as wide as lets all of it fit the height. */}
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
      {/* YouTube's own page, in a new tab, as a PDF has the browser's own viewer: a way on when the frame
          shows nothing (a network that blocks the embed's host, a player that fails to load), and on
          a phone, YouTube's app. */}
      <a
        href={watchPageOf(url)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-10 items-center gap-2 self-center text-sm font-semibold text-primary-darker underline"
      >
        <FiExternalLink aria-hidden="true" />
        <Trans>Open the video on YouTube in a new tab</Trans>
      </a>
    </div>
  );
}

/** The video's page on YouTube, from its embed address (`/embed/<id>`, as the course stores it). */
const watchPageOf = (embed: URL) =>
  `https://www.youtube.com/watch?v=${encodeURIComponent(embed.pathname.split('/').pop() ?? '')}`;
