import { LICENSE_INFO, ORCID_PATTERN, orcidUrl, type Language, type ResourceType } from '@app/shared';
import { localize, pick } from '../../lib/localize.ts';
import { publicMessages } from './public-courses.messages.ts';
import type { PublicCourse, PublicCourseCard } from './public-courses.repository.ts';
import { catalogueUrl, courseUrl, fileAbsoluteUrl } from './public-courses.urls.ts';

/**
 * schema.org JSON-LD for search engines, following Google's "Course info" documentation: a Course
 * needs name, description, provider, offers (category) and hasCourseInstance (courseMode plus
 * courseWorkload or courseSchedule); image, inLanguage, availableLanguage, datePublished,
 * syllabusSections and educationalCredentialAwarded are recommended. The course list page carries an
 * ItemList of the course URLs ("Course list" rich result).
 */

/**
 * Self-paced study time per lesson, in minutes. The platform does not record durations, so the
 * workload search engines require is an estimate from the lessons a course has (see decision 026).
 */
const LESSON_MINUTES: Record<ResourceType, number> = { video: 10, pdf: 15, quiz: 10, certificate: 0 };

/** ISO 8601 duration, e.g. 95 → "PT1H35M"; never below ten minutes. */
export function isoDuration(minutes: number): string {
  const total = Math.max(10, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return `PT${hours ? `${hours}H` : ''}${rest ? `${rest}M` : ''}`;
}

function organization(appUrl: string, lang: Language) {
  return { '@type': 'Organization', name: localize(lang, publicMessages.siteName), url: `${appUrl}/` };
}

/** The course text's languages: Arabic counts once the author has translated the title or description. */
export const courseLanguages = (course: PublicCourseCard): Language[] =>
  course.titleTr || course.descriptionTr ? ['en', 'ar'] : ['en'];

export function courseJsonLd(course: PublicCourse, appUrl: string, lang: Language) {
  const lessons = course.sections.flatMap((section) => section.lessons);
  const minutes = lessons.reduce((sum, lesson) => sum + LESSON_MINUTES[lesson.type], 0);
  const url = courseUrl(appUrl, course.id, lang);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': courseUrl(appUrl, course.id, null),
    url,
    name: pick(lang, course.title, course.titleTr),
    description: pick(lang, course.description, course.descriptionTr),
    inLanguage: courseLanguages(course),
    availableLanguage: courseLanguages(course),
    license: LICENSE_INFO[course.license].deed,
    isAccessibleForFree: true,
    ...(course.previewFileId ? { image: [fileAbsoluteUrl(appUrl, course.previewFileId)] } : {}),
    datePublished: course.createdAt.toISOString().slice(0, 10),
    dateModified: course.updatedAt.toISOString(),
    author: person(course),
    provider: organization(appUrl, lang),
    publisher: organization(appUrl, lang),
    offers: [{ '@type': 'Offer', category: 'Free', price: 0, priceCurrency: 'USD' }],
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseWorkload: isoDuration(minutes),
        instructor: [person(course)],
      },
    ],
    educationalCredentialAwarded: [
      {
        '@type': 'EducationalOccupationalCredential',
        name: localize(lang, publicMessages.certificateName),
        credentialCategory: 'Certificate',
        offers: [{ '@type': 'Offer', category: 'Free', price: 0, priceCurrency: 'USD' }],
      },
    ],
    syllabusSections: course.sections.map((section) => ({
      '@type': 'Syllabus',
      name: pick(lang, section.title, section.titleTr),
      description: pick(lang, section.description, section.descriptionTr),
      timeRequired: isoDuration(
        section.lessons.reduce((sum, lesson) => sum + LESSON_MINUTES[lesson.type], 0),
      ),
    })),
  };
}

/** The list page: an ItemList of this page's courses, in page order. */
export function catalogueJsonLd(
  courses: PublicCourseCard[],
  appUrl: string,
  lang: Language,
  page: number,
  offset: number,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    url: catalogueUrl(appUrl, lang, page),
    itemListElement: courses.map((course, index) => ({
      '@type': 'ListItem',
      position: offset + index + 1,
      url: courseUrl(appUrl, course.id, lang),
    })),
  };
}

/** The author as a schema.org Person; their ORCID record, when known, identifies them (`sameAs`). */
function person(course: PublicCourseCard) {
  const orcid = course.authorOrcid && ORCID_PATTERN.test(course.authorOrcid) ? course.authorOrcid : null;
  return { '@type': 'Person', name: course.author, ...(orcid ? { sameAs: orcidUrl(orcid) } : {}) };
}
