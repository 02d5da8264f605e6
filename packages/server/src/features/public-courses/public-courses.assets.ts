import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@app/shared';
import { PUBLIC_CSS } from './public-courses.css.ts';

/**
 * What the public pages load besides themselves: one stylesheet of ours, and the web app's own font
 * files (decision 110). The fonts are the build's hashed files under /assets/ (served by
 * plugins/spa.ts, cached for a year), named in the stylesheet by the web app's own `@font-face`
 * rules, copied from its built CSS: the same faces, files, `unicode-range` subsets and
 * `font-display: swap` as the app, so a visitor who goes on into the app has them cached already.
 * Everything is read once, when the routes are registered; no request reads a file.
 */
export interface PageAssets {
  /** Our stylesheet: its content-hashed address (cached for a year) and its text. */
  stylesheet: { path: string; css: string };
  /** Per page language, the font files its first screen draws with (regular and bold): preloaded. */
  preloads: Record<Language, string[]>;
}

/** Vite's manifest (dist/.vite/manifest.json): what each entry and chunk imports and its CSS. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

const FONT_FACE = /@font-face\s*\{[^{}]*\}/g;
const URL_IN_CSS = /url\(\s*(["']?)([^"')\s]+)\1\s*\)/g;
/** A font file of the build, as the web app's CSS names it (Vite's `base` is `/`). */
const BUILD_FONT = /^\/assets\/[\w.-]+\.woff2?$/;

/**
 * The two files of the language's own face that the first screen uses, as the prerendered pages
 * preload them (packages/web/scripts/prerender.mjs, decision 048): Inter Latin for English; for
 * Arabic, Cairo's Arabic subset (Cairo also draws an Arabic page's Latin text, so it never needs Inter).
 */
const FIRST_SCREEN_FONTS: Record<Language, RegExp> = {
  en: /^\/assets\/inter-latin-(400|700)-normal-[\w-]+\.woff2$/,
  ar: /^\/assets\/cairo-arabic-(400|700)-normal-[\w-]+\.woff2$/,
};

const fontFiles = (face: string) => [...face.matchAll(URL_IN_CSS)].map((match) => match[2] ?? '');

/** The CSS files the web app's entry (index.html) loads at once: its own and its static imports'. */
function entryStylesheets(manifest: Manifest): string[] {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (manifest['index.html']?.isEntry) visit('index.html');
  return [...css];
}

/**
 * The web app's `@font-face` rules whose every file is a font of the build that is there to serve;
 * none without a build (tests, `vite` alone), and the pages then fall back to system fonts.
 */
export function buildFontFaces(webDist: string | null): string[] {
  if (!webDist) return [];
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const served = (url: string) =>
    BUILD_FONT.test(url) && existsSync(path.join(webDist, 'assets', path.basename(url)));
  return entryStylesheets(manifest)
    .flatMap((file) => readFileSync(path.join(webDist, file), 'utf8').match(FONT_FACE) ?? [])
    .filter((face) => fontFiles(face).length > 0 && fontFiles(face).every(served));
}

/** The public pages' stylesheet and fonts for the web app built in `webDist` (null: none). */
export function pageAssets(webDist: string | null): PageAssets {
  const faces = buildFontFaces(webDist);
  const css = `${faces.join('\n')}\n${PUBLIC_CSS}`;
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
  const files = faces.flatMap(fontFiles);
  const preloads = (lang: Language) => [
    ...new Set(files.filter((url) => FIRST_SCREEN_FONTS[lang].test(url))),
  ];
  return {
    stylesheet: { path: `/public/courses.${hash}.css`, css },
    preloads: { en: preloads('en'), ar: preloads('ar') },
  };
}
