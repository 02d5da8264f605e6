import { Trans } from '@lingui/react/macro';
import { toYouTubeEmbedUrl } from '@app/shared';

/**
 * A video resource in a responsive 16:9 frame, always from YouTube's privacy-enhanced host. The frame's
 * title (the resource title) names it for screen readers.
 */
export function VideoFrame({ link, title, lang }: { link: string | null; title: string; lang: string }) {
  const src = link ? toYouTubeEmbedUrl(link) : null;
  if (!src)
    return (
      <p className="rounded-md border border-gray-200 bg-white p-6 text-center text-ink">
        <Trans>This video cannot be shown.</Trans>
      </p>
    );
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-black">
      <iframe
        src={src}
        title={title}
        lang={lang}
        className="absolute inset-0 size-full border-0"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
        data-testid="video-frame"
      />
    </div>
  );
}
