/**
 * Writes the public pages as static HTML in each language (decision 022), after `vite build` (client,
 * with its manifest) and `vite build --ssr src/entry-server.tsx` (into dist-ssr):
 *
 *   dist/prerendered/<lang>/<page>.html   lang, dir, body class, title, fonts and the page's own
 *                                         modules preloaded, the rendered page in #root
 *   dist/prerendered/<lang>/app.html      the same shell with an empty #root, for the other app routes
 *   dist/prerendered/<lang>/app-header.html  the same with the header placeholder in #root, for the
 *                                         routes that open with a header bar (decision 045)
 *   dist/prerendered/<lang>/app-course.html  the same with the course viewer's header and skeleton,
 *                                         for /course/:id (decision 118)
 *   dist/prerendered/pages.json           { pages: { path: file }, appRoutes: [patterns],
 *                                           headerRoutes: [patterns], screenApps: { pattern: file } }
 *                                           for the server
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BEFORE_HYDRATION,
  FIRST_SCREENS,
  LANGUAGES,
  NOT_FOUND,
  ROUTES,
  SHELL_REQUESTS,
} from './public-pages.mjs';
import { readManifest, routeFiles } from './route-assets.mjs';

const web = new URL('..', import.meta.url).pathname;
const dist = join(web, 'dist');
const { render, renderShellPlaceholder, routes, COURSE_SCREEN } = await import(
  join(web, 'dist-ssr/entry-server.js')
);
const appTemplate = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = readManifest(dist);
const assets = readdirSync(join(dist, 'assets'));

// Regular and bold of the language's own face (unicode-range subsets): what the first screen uses.
const FONTS = {
  en: /^inter-latin-(400|700)-normal-[\w-]+\.woff2$/,
  ar: /^cairo-arabic-(400|700)-normal-[\w-]+\.woff2$/,
};
const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);

/** index.html's own scripts (the app's entry and its preloads), read once. */
const APP_SCRIPTS = /\s*<(script type="module"|link rel="modulepreload")[^>]*>(<\/script>)?/g;
const appEntry = appTemplate.match(/<script type="module" crossorigin src="\/([^"]+)"><\/script>/)?.[1];
if (!appEntry) throw new Error('index.html has no app entry script');
const appPreloads = [...appTemplate.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
  (match) => match[1],
);
const appStylesheets = [...appTemplate.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map(
  (match) => match[1],
);
/** The template without the app: for static pages (decision 034) and pages with the early module. */
const withoutApp = appTemplate.replace(APP_SCRIPTS, '');
if (withoutApp.includes('<script')) throw new Error('index.html has a script prerender.mjs does not know');

// Decision 037: the early module runs as soon as it arrives (`async`), before the app's entry.
const earlyFile = manifest[BEFORE_HYDRATION]?.file;
if (!earlyFile) throw new Error(`The Vite manifest has no ${BEFORE_HYDRATION}`);

/**
 * Decision 043: the app shell's scripts, in the order the browser should fetch them: the small module
 * that starts the first screen's API requests (and what it imports) first, then the app. Decision
 * 044: that module's tag lists, per first screen (the routes whose modules include it), the modules
 * and stylesheets the screen needs beyond the shell's own, for it to preload on a signed-in visit to
 * that screen.
 */
const preload = (file) => `<link rel="modulepreload" crossorigin href="/${file}">`;
function shellScripts(lang) {
  const requests = routeFiles(manifest, { entry: SHELL_REQUESTS, modules: [], catalogs: [] }, lang).js;
  // index.html's stylesheet is in every page; a screen's own (course-viewer-*.css) is not.
  const inShell = new Set([...requests, appEntry, ...appPreloads, ...appStylesheets]);
  const screens = Object.fromEntries(
    Object.entries(FIRST_SCREENS).map(([pattern, route]) => [
      pattern,
      Object.values(routeFiles(manifest, route, lang))
        .flat()
        .filter((file) => !inShell.has(file))
        .map((file) => `/${file}`),
    ]),
  );
  return [
    `<script type="module" async crossorigin src="/${requests[0]}" data-screen-files="${escapeHtml(JSON.stringify(screens))}"></script>`,
    ...requests.slice(1).map(preload),
    `<script type="module" crossorigin src="/${appEntry}"></script>`,
    ...appPreloads.filter((file) => !requests.includes(file)).map(preload),
  ];
}

/**
 * Decision 040: a page with the early module does not fetch the app while it paints. The early
 * module's tag names the app's entry and modules (`data-app-entry`, `data-app-modules`), and the
 * early module requests them when the visitor acts on the page, or once it has loaded if the page
 * needs the app at once (before-hydration.ts, decision 053).
 */
function earlyScript(files) {
  const modules = new Set([...appPreloads, ...files.js.slice(1)]);
  modules.delete(earlyFile);
  const list = [...modules].map((file) => `/${file}`).join(' ');
  return `<script type="module" async crossorigin src="/${earlyFile}" data-app-entry="/${appEntry}" data-app-modules="${list}"></script>`;
}

/**
 * Four kinds of page: a static page (a route with its own `entry`, decision 034) runs only that
 * module; a page with the early module (decision 040) gets the app from it after its first paint; the
 * app shell (`shell`) starts its API requests ahead of the app (decision 043); any other keeps
 * index.html's app scripts. Each also gets its language's fonts, its stylesheets and, unless the
 * early module fetches them, its own modules preloaded.
 */
/** Open Graph's locale of each language (a link preview's language), as the public course pages write it. */
const OG_LOCALES = { en: 'en_US', ar: 'ar_AR' };

function page({ lang, dir, title, description, html }, files, { entry, shell = false } = {}) {
  const early = !entry && files?.js.includes(earlyFile);
  const template = entry || early || shell ? withoutApp : appTemplate;
  // What a search result or a shared link shows, in the page's language (index.html's is English).
  const meta = [
    ['og:type', 'website'],
    ['og:title', title],
    ['og:description', description],
    ['og:locale', OG_LOCALES[lang]],
  ].map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`);
  const head = [
    ...meta,
    ...(entry ? [`<script type="module" crossorigin src="/${files.js[0]}"></script>`] : []),
    ...(early ? [earlyScript(files)] : []),
    ...(shell ? shellScripts(lang) : []),
    ...assets
      .filter((file) => FONTS[lang].test(file))
      .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>`),
    ...(files?.css ?? [])
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="stylesheet" href="/${file}">`),
    ...(early ? [] : (files?.js.slice(1) ?? []))
      .filter((file) => file !== earlyFile && !template.includes(`/${file}"`))
      .map(preload),
  ];
  // Replacement functions, so a `$` in the page is never read as a replacement pattern.
  const replaced = template
    .replace('<html lang="en" dir="ltr">', () => `<html lang="${lang}" dir="${dir}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`)
    .replace('<body>', () => (lang === 'ar' ? '<body class="rtl">' : '<body>'))
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
  if (
    !replaced.includes(`<html lang="${lang}" dir="${dir}">`) ||
    !replaced.includes(`<div id="root">${html}</div>`) ||
    !replaced.includes(`<meta name="description" content="${escapeHtml(description)}" />`)
  )
    throw new Error('index.html no longer has the expected markup');
  return replaced;
}

/** Route patterns of the app (for the server: anything else is a 404). */
function patterns(list, parent = '', header = false) {
  return list.flatMap((route) => {
    const path = route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
    const underHeader = header || Boolean(route.handle?.headerPlaceholder);
    return [
      ...(route.path && route.path !== '*' ? [{ path, header: underHeader }] : []),
      ...patterns(route.children ?? [], path, underHeader),
    ];
  });
}
const appRoutes = patterns(routes);
if (!appRoutes.some((route) => route.path === COURSE_SCREEN))
  throw new Error(`No app route ${COURSE_SCREEN}`);

const pages = {};
for (const lang of LANGUAGES) {
  mkdirSync(join(dist, 'prerendered', lang), { recursive: true });
  const write = (file, content) => writeFileSync(join(dist, 'prerendered', lang, `${file}.html`), content);
  for (const [path, route] of Object.entries(ROUTES)) {
    if (!route.file) continue;
    const rendered = await render(path, lang);
    if (rendered.status !== 200 || !rendered.title) throw new Error(`${path} (${lang}) did not render`);
    write(route.file, page(rendered, routeFiles(manifest, route, lang), { entry: route.entry }));
    pages[path] = route.file;
  }
  const notFound = await render('/this-page-does-not-exist', lang);
  if (!notFound.title) throw new Error(`The not-found page (${lang}) did not render`);
  write(NOT_FOUND.file, page(notFound, routeFiles(manifest, NOT_FOUND, lang)));
  // The app shell, and the same with the header placeholder for the screens that open with a header.
  const shell = { ...notFound, title: notFound.title.split(' · ').at(-1) };
  write('app', page({ ...shell, html: '' }, undefined, { shell: true }));
  write('app-header', page({ ...shell, html: renderShellPlaceholder(lang) }, undefined, { shell: true }));
  write(
    'app-course',
    page({ ...shell, html: renderShellPlaceholder(lang, 'course') }, undefined, { shell: true }),
  );
}
writeFileSync(
  join(dist, 'prerendered/pages.json'),
  `${JSON.stringify(
    {
      pages,
      notFound: NOT_FOUND.file,
      app: 'app',
      appRoutes: appRoutes.map((route) => route.path),
      headerApp: 'app-header',
      headerRoutes: appRoutes.filter((route) => route.header).map((route) => route.path),
      // A screen with a placeholder of its own: its shell before the header routes' (decision 118).
      screenApps: { [COURSE_SCREEN]: 'app-course' },
    },
    null,
    2,
  )}\n`,
);
console.log(`Prerendered ${Object.keys(pages).length + 1} pages in ${LANGUAGES.join(', ')}`);
