/** The pages that send a signed-in visitor on to `next` (the web app's `withNext`). */
const TAKES_NEXT = new Set(['/login', '/signup']);

/**
 * A prerendered page cannot know the visitor's query (`/signup?next=/course/…&lang=ar`), but the
 * server that sends it does: its links are rewritten as the app's would be (decision 037, amended).
 * A link to the same page keeps every other parameter (the sign-up role choice), and links between
 * log-in and sign-up keep `next`. So a visitor sent from a course comes back to it whenever they
 * click, before the app has loaded, or without JavaScript at all.
 */
export function carryQuery(html: string, pathname: string, query: URLSearchParams): string {
  /** Which of the query's parameters a link to `target` keeps. */
  const carriedTo = (target: string): string[] => {
    if (target === pathname) return [...query.keys()];
    return TAKES_NEXT.has(target) ? ['next'] : [];
  };
  return html.replace(/href="(\/[^"]*)"/g, (link, href: string) => {
    const url = new URL(href.replaceAll('&amp;', '&'), 'http://page');
    const missing = carriedTo(url.pathname).filter((key) => !url.searchParams.has(key));
    if (missing.length === 0) return link;
    for (const key of missing) url.searchParams.set(key, query.get(key) ?? '');
    return `href="${`${url.pathname}${url.search}${url.hash}`.replaceAll('&', '&amp;')}"`;
  });
}
