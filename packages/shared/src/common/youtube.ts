/**
 * Video links: authors paste whatever YouTube gives them (watch page, share link, shorts, embed);
 * we store the privacy-enhanced embed URL. Anything else is not embeddable and is refused.
 */
const ID = /^[A-Za-z0-9_-]{11}$/;

export const EMBED_HOST = 'www.youtube-nocookie.com';

export function toYouTubeEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
      id = match?.[1] ?? null;
    }
  }
  if (!id || !ID.test(id)) return null;
  return `https://${EMBED_HOST}/embed/${id}`;
}

export function isEmbeddableVideoUrl(input: string): boolean {
  return toYouTubeEmbedUrl(input) !== null;
}
