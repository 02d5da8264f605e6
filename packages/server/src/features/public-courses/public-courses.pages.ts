import type { Language, ResourceType } from '@app/shared';
import { html, type SafeHtml } from '../../lib/html.ts';
import { fileUrl } from '../files/files.service.ts';
import { localize, type Localized } from '../../lib/localize.ts';
import { orcidLinkHtml } from '../../lib/orcid.ts';
import {
  countText,
  langAttr,
  layout,
  licenseBlock,
  localized,
  type PublicSite,
} from './public-courses.layout.ts';
import { publicCounts, publicMessages as m } from './public-courses.messages.ts';
import type { PublicCourse, PublicCourseCard } from './public-courses.repository.ts';
import { pick } from '../../lib/localize.ts';
import { catalogueJsonLd, courseJsonLd, courseLanguages } from './public-courses.structured-data.ts';
import { catalogueUrl, courseUrl, enrolUrl, fileAbsoluteUrl } from './public-courses.urls.ts';

/** The public catalogue and course pages as complete HTML documents (see public-courses.layout.ts). */

const LESSON_LABEL: Record<ResourceType, Localized> = {
  video: m.video,
  pdf: m.pdf,
  quiz: m.quiz,
  certificate: m.certificate,
};

/** Meta descriptions are cut at a word near 160 characters, as search results show them. */
function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 160) return flat;
  const cut = flat.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 157)}…`;
}

export interface CatalogueView {
  courses: PublicCourseCard[];
  page: number;
  pages: number;
  offset: number;
}

/** `copyOf`: the view is the page's last copy, from then, shown while the database is away. */
export function cataloguePage(
  view: CatalogueView,
  site: PublicSite,
  lang: Language,
  copyOf?: number,
): string {
  const { appUrl } = site;
  const t = (message: Localized, params?: Record<string, string | number>) => localize(lang, message, params);
  const cards = view.courses.map((course) => {
    const title = localized(lang, course.title, course.titleTr);
    const description = localized(lang, course.description, course.descriptionTr);
    return html`<li class="card">
      ${
        course.previewFileId
          ? html`<img class="cover" src="${fileUrl(course.previewFileId)}" alt="" loading="lazy" />`
          : html``
      }
      <h2${langAttr(title.lang)}><a href="/courses/${course.id}?lang=${lang}">${title.text}</a></h2>
      <p class="muted"${langAttr(description.lang)}>${summary(description.text)}</p>
      <p class="byline">${t(m.author)}: <bdi>${course.author}</bdi></p>
      ${licenseBlock(course.license, lang)}
    </li>`;
  });
  const pager =
    view.pages > 1
      ? html`<nav class="pager" aria-label="${t(m.pagination)}">
          ${
            view.page > 1
              ? html`<a rel="prev" href="${catalogueUrl('', lang, view.page - 1)}">${t(m.previous)}</a>`
              : html``
          }
          <span>${t(m.pageOf, { page: view.page, pages: view.pages })}</span>
          ${
            view.page < view.pages
              ? html`<a rel="next" href="${catalogueUrl('', lang, view.page + 1)}">${t(m.next)}</a>`
              : html``
          }
        </nav>`
      : html``;
  const main = html`<div class="wrap">
    <h1>${t(m.catalogueTitle)}</h1>
    <p class="lead">${t(m.catalogueIntro)}</p>
    ${
      view.courses.length > 0
        ? html`<ul class="cards">
            ${cards}
          </ul>`
        : html`<p>${t(m.noCourses)}</p>`
    }
    ${pager}
  </div>`;
  const title =
    view.page > 1
      ? `${t(m.catalogueTitle)} (${view.page}) · ${t(m.siteName)}`
      : `${t(m.catalogueTitle)} · ${t(m.siteName)}`;
  return layout(
    {
      lang,
      assets: site.assets,
      title,
      description: t(m.siteDescription),
      canonical: catalogueUrl(appUrl, lang, view.page),
      alternates: {
        en: catalogueUrl(appUrl, 'en', view.page),
        ar: catalogueUrl(appUrl, 'ar', view.page),
        default: catalogueUrl(appUrl, null, view.page),
      },
      image: null,
      ogType: 'website',
      structuredData: catalogueJsonLd(view.courses, appUrl, lang, view.page, view.offset),
      copyOf,
    },
    main,
  );
}

/** `copyOf`: the course is the page's last copy, from then, shown while the database is away. */
export function coursePage(course: PublicCourse, site: PublicSite, lang: Language, copyOf?: number): string {
  const { appUrl } = site;
  const t = (message: Localized, params?: Record<string, string | number>) => localize(lang, message, params);
  const title = localized(lang, course.title, course.titleTr);
  const description = localized(lang, course.description, course.descriptionTr);
  const lessonCount = course.sections.reduce((sum, section) => sum + section.lessons.length, 0);
  const languages = courseLanguages(course).length === 2 ? t(m.languageNames) : t(m.englishOnly);
  const contentCounts = `${countText(lang, publicCounts.sections, course.sections.length)} · ${countText(lang, publicCounts.lessons, lessonCount)}`;
  const sections = course.sections.map((section) => {
    const sectionTitle = localized(lang, section.title, section.titleTr);
    const sectionText = localized(lang, section.description, section.descriptionTr);
    return html`<li class="section">
      <h3${langAttr(sectionTitle.lang)}>${sectionTitle.text}</h3>
      <p class="muted"${langAttr(sectionText.lang)}>${sectionText.text}</p>
      <ul class="lessons">
        ${section.lessons.map((lesson) => {
          const lessonTitle = localized(lang, lesson.title, lesson.titleTr);
          return html`<li>
            <span class="kind kind-${lesson.type}">${t(LESSON_LABEL[lesson.type])}</span>
            <span${langAttr(lessonTitle.lang)}>${lessonTitle.text}</span>
          </li>`;
        })}
      </ul>
    </li>`;
  });
  const main = html`<article class="wrap course">
    <div class="hero">
      <div class="intro">
        <h1${langAttr(title.lang)}>${title.text}</h1>
        <p class="lead"${langAttr(description.lang)}>${description.text}</p>
        <dl class="facts">
          <div>
            <dt>${t(m.author)}</dt>
            <dd><bdi>${course.author}</bdi> ${orcidLinkHtml(course.authorOrcid)}</dd>
          </div>
          <div><dt>${t(m.license)}</dt><dd>${licenseBlock(course.license, lang)}</dd></div>
          <div><dt>${t(m.languages)}</dt><dd>${languages}</dd></div>
          <div>
            <dt class="sr-only">${t(m.content)}</dt>
            <dd>${contentCounts}</dd>
          </div>
        </dl>
        <div class="enrol">
          <a class="button" href="${enrolUrl('signup', course.id, lang)}">${t(m.enrol)}</a>
          <a href="${enrolUrl('login', course.id, lang)}">${t(m.haveAccount)}</a>
        </div>
        <p class="muted small">${t(m.enrolHint)}</p>
      </div>
      ${
        course.previewFileId
          ? html`<img class="cover" src="${fileUrl(course.previewFileId)}" alt="" />`
          : html``
      }
    </div>
    <h2>${t(m.content)}</h2>
    <ol class="sections">${sections}</ol>
  </article>`;
  return layout(
    {
      lang,
      assets: site.assets,
      title: `${pick(lang, course.title, course.titleTr)} · ${t(m.siteName)}`,
      description: summary(description.text),
      canonical: courseUrl(appUrl, course.id, lang),
      alternates: {
        en: courseUrl(appUrl, course.id, 'en'),
        ar: courseUrl(appUrl, course.id, 'ar'),
        default: courseUrl(appUrl, course.id, null),
      },
      image: course.previewFileId ? fileAbsoluteUrl(appUrl, course.previewFileId) : null,
      ogType: 'article',
      structuredData: courseJsonLd(course, appUrl, lang),
      copyOf,
    },
    main,
  );
}

/**
 * A page that only tells the visitor something (not found, a bad address, unavailable): never
 * indexed; its canonical and alternates are the catalogue's first page, where the visitor can go on.
 */
function messagePage(site: PublicSite, lang: Language, title: string, text: string, links: SafeHtml): string {
  const { appUrl } = site;
  return layout(
    {
      lang,
      assets: site.assets,
      title: `${title} · ${localize(lang, m.siteName)}`,
      description: text,
      canonical: catalogueUrl(appUrl, lang),
      alternates: {
        en: catalogueUrl(appUrl, 'en'),
        ar: catalogueUrl(appUrl, 'ar'),
        default: catalogueUrl(appUrl, null),
      },
      image: null,
      ogType: 'website',
      structuredData: null,
    },
    html`<div class="wrap">
      <h1>${title}</h1>
      <p>${text}</p>
      ${links}
    </div>`,
    { noindex: true },
  );
}

const allCoursesLink = (lang: Language) =>
  html`<p><a class="button" href="${catalogueUrl('', lang)}">${localize(lang, m.allCourses)}</a></p>`;

/** 404 for an unknown, unpublished or malformed course id: a real page, not indexed. */
export function notFoundPage(site: PublicSite, lang: Language): string {
  const t = (message: Localized) => localize(lang, message);
  return messagePage(site, lang, t(m.notFoundTitle), t(m.notFoundText), allCoursesLink(lang));
}

/**
 * 404 for a catalogue page that does not exist: `pages` is how many there are, or null when the
 * address's page number is not a whole number from 1. It links to the first page and the last.
 */
export function missingCataloguePage(site: PublicSite, lang: Language, pages: number | null): string {
  const t = (message: Localized) => localize(lang, message);
  const text =
    pages === null ? t(m.malformedPageNumber) : countText(lang, publicCounts.cataloguePages, pages);
  const links = html`<p class="enrol">
    <a class="button" href="${catalogueUrl('', lang)}">${t(m.firstPage)}</a>
    ${pages !== null && pages > 1 ? html`<a href="${catalogueUrl('', lang, pages)}">${t(m.lastPage)}</a>` : html``}
  </p>`;
  return messagePage(site, lang, t(m.missingPageTitle), text, links);
}

/**
 * An error of a public page as a page in its language (the JSON envelope is the API's): what went
 * wrong in the visitor's terms, never the error itself.
 */
export function errorPage(site: PublicSite, lang: Language, status: number): string {
  const t = (message: Localized) => localize(lang, message);
  if (status === 404) return notFoundPage(site, lang);
  // Nothing to link to while the database is away: every other page would fail the same way.
  if (status === 503) return messagePage(site, lang, t(m.unavailableTitle), t(m.unavailableText), html``);
  if (status >= 500)
    return messagePage(site, lang, t(m.internalTitle), t(m.internalText), allCoursesLink(lang));
  return messagePage(site, lang, t(m.badAddressTitle), t(m.badAddressText), allCoursesLink(lang));
}
