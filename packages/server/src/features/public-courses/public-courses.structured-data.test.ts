import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import { createApprovedCourse } from '../../test/course-fixtures.ts';
import { isoDuration } from './public-courses.structured-data.ts';

/**
 * The shape Google documents for course info rich results ("Course info (Course and CourseInstance)
 * structured data", developers.google.com/search/docs/appearance/structured-data/course-info), plus
 * the properties issue #15 asks for. Required there: Course.name, description, provider, offers
 * (Offer.category), hasCourseInstance (CourseInstance.courseMode and courseWorkload or courseSchedule).
 * Recommended: image, inLanguage, availableLanguage, datePublished, educationalCredentialAwarded,
 * syllabusSections, CourseInstance.instructor. `.strict()` is not used: extra schema.org properties
 * are allowed, missing or mistyped ones fail.
 */
const isoDurationText = z.string().regex(/^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/);
const organization = z.object({ '@type': z.literal('Organization'), name: z.string().min(1), url: z.url() });
const person = z.object({ '@type': z.literal('Person'), name: z.string().min(1) });
const offer = z.object({
  '@type': z.literal('Offer'),
  category: z.enum(['Free', 'Partially Free', 'Subscription', 'Paid']),
  price: z.number().optional(),
  priceCurrency: z.string().length(3).optional(),
});
const courseInstance = z
  .object({
    '@type': z.literal('CourseInstance'),
    courseMode: z.string().regex(/^(online|onsite|blended)$/i),
    courseWorkload: isoDurationText.optional(),
    courseSchedule: z.object({ '@type': z.literal('Schedule') }).optional(),
    instructor: z.array(person).min(1),
  })
  .refine((instance) => instance.courseWorkload || instance.courseSchedule, {
    message: 'courseWorkload or courseSchedule is required',
  });
const googleCourse = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Course'),
  '@id': z.url(),
  url: z.url(),
  // required
  name: z.string().min(1),
  description: z.string().min(1),
  provider: organization,
  offers: z.array(offer).min(1),
  hasCourseInstance: z.array(courseInstance).min(1),
  // recommended
  image: z.array(z.url()).min(1),
  inLanguage: z.array(z.string().regex(/^[a-z]{2}$/)).min(1),
  availableLanguage: z.array(z.string().regex(/^[a-z]{2}$/)).min(1),
  datePublished: z.iso.date(),
  educationalCredentialAwarded: z
    .array(
      z.object({
        '@type': z.literal('EducationalOccupationalCredential'),
        name: z.string().min(1),
        credentialCategory: z.string().min(1),
      }),
    )
    .min(1),
  syllabusSections: z
    .array(
      z.object({
        '@type': z.literal('Syllabus'),
        name: z.string().min(1),
        description: z.string().min(1),
        timeRequired: isoDurationText,
      }),
    )
    .min(1),
  // issue #15
  license: z.url(),
  isAccessibleForFree: z.literal(true),
});

const itemList = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('ItemList'),
  itemListElement: z
    .array(z.object({ '@type': z.literal('ListItem'), position: z.number().int().min(1), url: z.url() }))
    .min(1),
});

const jsonLdOf = (page: string): unknown => {
  const blocks = [...page.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!);
};

describe('public course pages: schema.org JSON-LD', () => {
  let t: TestApp;
  let courseId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'Contributor');
    const admin = await createUser(t, 'SuperAdmin');
    courseId = (await createApprovedCourse(t, owner, admin, { license: 'CC-BY-NC-4.0' }))._id;
  });
  afterAll(() => t.close());

  it.each(['en', 'ar'] as const)('describes the course as Google documents it (%s)', async (lang) => {
    const page = (await t.app.inject({ method: 'GET', url: `/courses/${courseId}?lang=${lang}` })).body;
    const data = googleCourse.parse(jsonLdOf(page));
    expect(data.name).toBe(lang === 'ar' ? 'مقدمة في العلوم المفتوحة' : 'Introduction to Open Science');
    expect(data.inLanguage).toEqual(['en', 'ar']);
    expect(data.license).toBe('https://creativecommons.org/licenses/by-nc/4.0/');
    expect(data.hasCourseInstance[0]!.courseMode).toBe('Online');
    // Video 10 + PDF 15 + quiz 10 minutes.
    expect(data.hasCourseInstance[0]!.courseWorkload).toBe('PT35M');
    expect(data.syllabusSections.map((section) => section.name)).toEqual(
      lang === 'ar' ? ['البداية', 'اختبر نفسك'] : ['Getting started', 'Check yourself'],
    );
    expect(data['@id']).toBe(`http://localhost:3000/courses/${courseId}`);
    expect(data.url).toBe(`http://localhost:3000/courses/${courseId}?lang=${lang}`);
  });

  it('lists the courses of the catalogue page as an ItemList of their URLs', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/courses?lang=en' })).body;
    const data = itemList.parse(jsonLdOf(page));
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, url: `http://localhost:3000/courses/${courseId}?lang=en` },
    ]);
  });

  it('writes workloads as ISO 8601 durations', () => {
    expect(isoDuration(0)).toBe('PT10M');
    expect(isoDuration(35)).toBe('PT35M');
    expect(isoDuration(60)).toBe('PT1H');
    expect(isoDuration(95)).toBe('PT1H35M');
  });
});
