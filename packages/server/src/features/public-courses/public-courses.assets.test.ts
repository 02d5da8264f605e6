import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildFontFaces, pageAssets } from './public-courses.assets.ts';
import { notFoundPage } from './public-courses.pages.ts';

/**
 * The public pages draw with the web app's own font files (decision 110): a web app built as Vite
 * builds it (a manifest, the entry's CSS with fontsource's `@font-face` rules, hashed files under
 * assets/), in a temporary directory.
 */

const ARABIC_RANGE = 'U+6??,U+750-77F,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC';
const LATIN_RANGE = 'U+??,U+131,U+152-153,U+2000-206F';
const FONTS = {
  'inter-latin-400-normal-C38fXH4l.woff2': ['Inter', 400, null],
  'inter-latin-700-normal-Yt3aPRUw.woff2': ['Inter', 700, null],
  'cairo-arabic-400-normal-DN15VWMM.woff2': ['Cairo', 400, ARABIC_RANGE],
  'cairo-arabic-700-normal-D3nDedWX.woff2': ['Cairo', 700, ARABIC_RANGE],
  'cairo-latin-400-normal-Dh7otpdh.woff2': ['Cairo', 400, LATIN_RANGE],
} as const;

/** One rule as Vite writes fontsource's (minified, `url(…)format(…)`, a woff fallback). */
function fontFace(file: string, [family, weight, range]: readonly [string, number, string | null]) {
  const woff = file.replace(/-\w+\.woff2$/, '-Xy12_ab-.woff');
  return (
    `@font-face{font-family:${family};font-style:normal;font-display:swap;font-weight:${weight};` +
    `src:url(/assets/${file})format("woff2"),url(/assets/${woff})format("woff")` +
    `${range ? `;unicode-range:${range}` : ''}}`
  );
}

async function buildWebApp(dist: string) {
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  const faces = Object.entries(FONTS).map(([file, face]) => fontFace(file, face));
  // A face whose file the build does not have, and one from elsewhere: neither may be named.
  faces.push(fontFace('cairo-latin-ext-400-normal-missing1.woff2', ['Cairo', 400, 'U+100-2BA']));
  faces.push('@font-face{font-family:Other;src:url(https://fonts.example/other.woff2)format("woff2")}');
  await writeFile(
    path.join(dist, 'assets', 'app-entry-l2BYHVSK.css'),
    `/*! tailwindcss */@layer theme{:root{--font-sans:Inter}}${faces.join('')}.text-ink{color:#1f2933}`,
  );
  await writeFile(path.join(dist, 'assets', 'course-viewer-CNk1fSMN.css'), '.viewer{display:grid}');
  for (const file of Object.keys(FONTS)) {
    await writeFile(path.join(dist, 'assets', file), `wOF2 ${file}`);
    await writeFile(
      path.join(dist, 'assets', file.replace(/-\w+\.woff2$/, '-Xy12_ab-.woff')),
      `wOFF ${file}`,
    );
  }
  const manifest = {
    'index.html': { file: 'assets/index-B1rmOsCM.js', isEntry: true, imports: ['_app-entry-B05BG_Lk.js'] },
    '_app-entry-B05BG_Lk.js': {
      file: 'assets/app-entry-B05BG_Lk.js',
      css: ['assets/app-entry-l2BYHVSK.css'],
    },
    'src/routes/course-viewer.tsx': {
      file: 'assets/course-viewer-x.js',
      isDynamicEntry: true,
      css: ['assets/course-viewer-CNk1fSMN.css'],
    },
  };
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

const urlsIn = (css: string) => [...css.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]!);

describe("public pages: the web app's fonts (decision 110)", () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'public-fonts-'));
    await buildWebApp(dist);
    t = await createTestApp({ WEB_DIST: dist });
  });

  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("copies the app entry's @font-face rules whose files the build has, and preloads each language's own two", () => {
    const faces = buildFontFaces(dist);
    expect(faces).toEqual(Object.entries(FONTS).map(([file, face]) => fontFace(file, face)));
    const assets = pageAssets(dist);
    expect(assets.stylesheet.css.startsWith(faces.join('\n'))).toBe(true);
    expect(assets.stylesheet.css).not.toContain('missing1');
    expect(assets.stylesheet.css).not.toContain('fonts.example');
    expect(assets.stylesheet.css).not.toContain('.viewer');
    expect(assets.preloads).toEqual({
      en: ['/assets/inter-latin-400-normal-C38fXH4l.woff2', '/assets/inter-latin-700-normal-Yt3aPRUw.woff2'],
      ar: [
        '/assets/cairo-arabic-400-normal-DN15VWMM.woff2',
        '/assets/cairo-arabic-700-normal-D3nDedWX.woff2',
      ],
    });
    // Named by content: another build's fonts are another address.
    expect(assets.stylesheet.path).toMatch(/^\/public\/courses\.[0-9a-f]{10}\.css$/);
    expect(pageAssets(null).stylesheet.path).not.toBe(assets.stylesheet.path);
  });

  it('names only font files the server serves, from the stylesheet and the preloads alike', async () => {
    for (const [lang, face] of [
      ['en', 'inter-latin'],
      ['ar', 'cairo-arabic'],
    ] as const) {
      const page = (await t.app.inject({ method: 'GET', url: `/courses/not-a-course?lang=${lang}` })).body;
      const preloads = [
        ...page.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin \/>/g),
      ].map((match) => match[1]!);
      expect(preloads).toHaveLength(2);
      for (const href of preloads) expect(href).toContain(`/assets/${face}-`);
      const href = /<link rel="stylesheet" href="([^"]+)" \/>/.exec(page)![1]!;
      const css = await t.app.inject({ method: 'GET', url: href });
      expect(css.statusCode).toBe(200);
      expect(css.body).toMatch(/body \{[^}]*font-family: 'Inter', 'Cairo',/);
      expect(css.body).toMatch(/:lang\(ar\) \{ font-family: 'Cairo', 'Inter',/);
      const files = urlsIn(css.body);
      expect(files).toHaveLength(10);
      for (const file of new Set([...files, ...preloads])) {
        const font = await t.app.inject({ method: 'GET', url: file });
        expect(font.statusCode, file).toBe(200);
        expect(font.body, file).toMatch(/^wOF[F2] /);
        expect(font.headers['content-type'], file).toMatch(/^font\/woff2?$/);
        expect(font.headers['cache-control'], file).toContain('immutable');
      }
    }
  });

  it('without a built web app, names no font file and falls back to the system fonts', () => {
    for (const webDist of [null, path.join(dist, 'assets')]) {
      const assets = pageAssets(webDist);
      expect(assets.preloads).toEqual({ en: [], ar: [] });
      expect(assets.stylesheet.css).not.toContain('@font-face');
      expect(assets.stylesheet.css).toMatch(
        /font-family: 'Cairo', 'Inter', ui-sans-serif, system-ui, sans-serif;/,
      );
      expect(notFoundPage({ appUrl: '', assets }, 'ar')).not.toContain('rel="preload"');
    }
  });
});
