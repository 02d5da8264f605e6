import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { i18n, type Messages } from '@lingui/core';
import { INTL_LOCALES, type Language } from '@app/shared';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { CourseShellPlaceholder, ShellPlaceholder } from './app/shell-placeholder.tsx';
import { directionOf } from './i18n/i18n.ts';
import { SITE_DESCRIPTION } from './lib/site-description.ts';
import { serverHead } from './lib/use-document-title.ts';

/**
 * Build-time rendering of the public pages (scripts/prerender.mjs, decision 022). Runs in Node from
 * the Vite SSR build: the same routes and components as the browser, all catalogs at hand.
 */
const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*/*.po', { eager: true });

export interface RenderedPage {
  html: string;
  title: string;
  /** The site's description in the page's language (meta description, Open Graph). */
  description: string;
  lang: Language;
  dir: 'ltr' | 'rtl';
  status: number;
}

export { routes };

function activate(lang: Language) {
  const messages = Object.assign(
    {},
    ...Object.entries(catalogs)
      .filter(([file]) => file.includes(`/locales/${lang}/`))
      .map(([, module]) => module.messages),
  ) as Messages;
  i18n.loadAndActivate({ locale: lang, locales: INTL_LOCALES[lang], messages });
}

export async function render(path: string, lang: Language): Promise<RenderedPage> {
  activate(lang);

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  serverHead.title = '';
  // hydrate={false}: no inline data script (the CSP allows none); main.tsx hydrates without it.
  const html = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  return {
    html,
    title: serverHead.title,
    description: i18n._(SITE_DESCRIPTION),
    lang,
    dir: directionOf(lang),
    status: context.statusCode,
  };
}

/** The screen whose shell is app-course.html (scripts/prerender.mjs). */
export { COURSE_SCREEN } from './app/first-screens.ts';

/**
 * An app shell's placeholder, for its #root: the dashboards' bar (decision 045, app-header.html), or
 * the course viewer's header and skeleton (`'course'`, decision 118, app-course.html).
 */
export function renderShellPlaceholder(lang: Language, screen?: 'course'): string {
  activate(lang);
  return renderToString(
    <Providers>{screen === 'course' ? <CourseShellPlaceholder /> : <ShellPlaceholder />}</Providers>,
  );
}
