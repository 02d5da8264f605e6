import {
  INTL_LOCALES,
  LICENSE_INFO,
  licenseBadgeDataUrl,
  type CourseLicense,
  type Language,
} from '@app/shared';
import { html, jsonLdScript, type SafeHtml } from '../../lib/html.ts';
import { localize } from '../../lib/localize.ts';
import type { PageAssets } from './public-courses.assets.ts';
import { publicMessages as m, type CountMessage } from './public-courses.messages.ts';

/** What every public page needs besides its own content: the site's address and the page's files. */
export interface PublicSite {
  /** The absolute origin (APP_URL) of canonical, alternate and social addresses. */
  appUrl: string;
  assets: PageAssets;
}

/** The head and frame every public page shares: language, direction, alternates, social tags. */
export interface PageMeta {
  lang: Language;
  assets: PageAssets;
  title: string;
  description: string;
  /** This page's own URL in its language. */
  canonical: string;
  /** The same page per language, plus the language-negotiating `x-default`. */
  alternates: { en: string; ar: string; default: string };
  image: string | null;
  ogType: 'website' | 'article';
  structuredData: unknown;
  /** Epoch ms of the content, when the page is its last copy, shown while the database is away. */
  copyOf?: number;
}

const OG_LOCALE: Record<Language, string> = { en: 'en_US', ar: 'ar_AR' };
const other = (lang: Language): Language => (lang === 'ar' ? 'en' : 'ar');

/** Author text in the page's language, or the English fallback marked as English. */
export const localized = (lang: Language, en: string, ar: string | null) =>
  lang === 'ar' && ar ? { text: ar, lang: null } : { text: en, lang: lang === 'ar' ? 'en' : null };

const pluralRules: Record<Language, Intl.PluralRules> = {
  en: new Intl.PluralRules(INTL_LOCALES.en),
  ar: new Intl.PluralRules(INTL_LOCALES.ar),
};

/** "1 section", "2 sections"; "قسمان", "3 أقسام", "11 قسمًا": the form the language uses for `count`. */
export function countText(lang: Language, message: CountMessage, count: number): string {
  const forms = message[lang];
  return (forms[pluralRules[lang].select(count)] ?? forms.other).replaceAll('{count}', String(count));
}

export function langAttr(textLang: string | null): SafeHtml {
  return textLang ? html` lang="${textLang}" dir="ltr"` : html``;
}

export function licenseBlock(license: CourseLicense, lang: Language): SafeHtml {
  const info = LICENSE_INFO[license];
  const deed = lang === 'ar' ? `${info.deed}deed.ar` : info.deed;
  return html`<span class="license"
    ><img src="${licenseBadgeDataUrl(license)}" alt="${info.short}" height="20" />
    <a href="${deed}" rel="license noopener" hreflang="${lang}"
      >${lang === 'ar' ? info.name_ar : info.name}</a
    ></span
  >`;
}

/** The web app's logo (packages/web/src/components/brand-logo.tsx), drawn inline: no request. */
const LOGO_MARK = html`<svg aria-hidden="true" focusable="false" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="8" fill="#007a6a" />
  <circle cx="16" cy="16" r="8" fill="none" stroke="#fff" stroke-width="3" />
  <circle cx="16" cy="16" r="2.5" fill="#fff" />
</svg>`;

/** The language link's globe (Feather's, as the web app's language menu has it). */
const GLOBE = html`<svg
  aria-hidden="true"
  focusable="false"
  viewBox="0 0 24 24"
  fill="none"
  stroke="currentColor"
  stroke-width="2"
  stroke-linecap="round"
  stroke-linejoin="round"
>
  <circle cx="12" cy="12" r="10" />
  <line x1="2" y1="12" x2="22" y2="12" />
  <path d="M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
</svg>`;

const copyTimes: Record<Language, Intl.DateTimeFormat> = {
  en: copyTimeFormat(INTL_LOCALES.en),
  ar: copyTimeFormat(INTL_LOCALES.ar),
};

function copyTimeFormat(locale: string) {
  // In UTC, named: the server knows no visitor's time zone.
  const parts = {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  } as const;
  return new Intl.DateTimeFormat(locale, { ...parts, timeZone: 'UTC', timeZoneName: 'short' });
}

/** Above a page's last copy (decision 158): what the visitor sees is from then. */
function copyNotice(lang: Language, copyOf: number): SafeHtml {
  const time = copyTimes[lang].format(copyOf);
  return html`<div class="copy-notice"><p>${localize(lang, m.copyNotice, { time })}</p></div>`;
}

export function layout(meta: PageMeta, main: SafeHtml, status?: { noindex: boolean }): string {
  const { lang } = meta;
  const t = (message: { en: string; ar: string }) => localize(lang, message);
  const siteName = t(m.siteName);
  const switchTo = other(lang);
  const page = html`<!doctype html>
    <html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${meta.title}</title>
        <meta name="description" content="${meta.description}" />
        ${status?.noindex ? html`<meta name="robots" content="noindex" />` : html``}
        <link rel="canonical" href="${meta.canonical}" />
        <link rel="alternate" hreflang="en" href="${meta.alternates.en}" />
        <link rel="alternate" hreflang="ar" href="${meta.alternates.ar}" />
        <link rel="alternate" hreflang="x-default" href="${meta.alternates.default}" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        ${meta.assets.preloads[lang].map(
          (href) => html`<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin />`,
        )}
        <link rel="stylesheet" href="${meta.assets.stylesheet.path}" />
        <meta name="theme-color" content="#009985" />
        <meta property="og:site_name" content="${siteName}" />
        <meta property="og:type" content="${meta.ogType}" />
        <meta property="og:title" content="${meta.title}" />
        <meta property="og:description" content="${meta.description}" />
        <meta property="og:url" content="${meta.canonical}" />
        <meta property="og:locale" content="${OG_LOCALE[lang]}" />
        <meta property="og:locale:alternate" content="${OG_LOCALE[switchTo]}" />
        ${meta.image ? html`<meta property="og:image" content="${meta.image}" />` : html``}
        <meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />
        <meta name="twitter:title" content="${meta.title}" />
        <meta name="twitter:description" content="${meta.description}" />
        ${meta.image ? html`<meta name="twitter:image" content="${meta.image}" />` : html``}
        ${meta.structuredData ? jsonLdScript(meta.structuredData) : html``}
      </head>
      <body>
        <a class="skip" href="#main">${t(m.skipToContent)}</a>
        <header class="site">
          <div class="bar">
            <a class="brand" href="/?lang=${lang}"
              >${LOGO_MARK}<span><b lang="en">OSCSA</b><small>${t(m.community)}</small></span></a
            >
            <a class="language" href="${meta.alternates[switchTo]}" hreflang="${switchTo}" lang="${switchTo}"
              >${GLOBE}${t(m.switchLanguage)}</a
            >
            <nav class="site" aria-label="${siteName}">
              <a class="courses" href="/courses?lang=${lang}">${t(m.allCourses)}</a>
              <a class="button outline" href="/login?lang=${lang}">${t(m.logIn)}</a>
              <a class="button" href="/signup?lang=${lang}">${t(m.signUp)}</a>
            </nav>
          </div>
        </header>
        <main id="main" tabindex="-1">
          ${meta.copyOf === undefined ? html`` : copyNotice(lang, meta.copyOf)}${main}
        </main>
        <footer class="site"><p>${siteName} · ${t(m.footer)}</p></footer>
      </body>
    </html> `;
  return page.value;
}
