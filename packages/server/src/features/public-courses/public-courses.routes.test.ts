import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectErrorPage, securityHeadersOf } from './public-courses.test-helpers.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  submitAttempt,
  courseAction,
  createApprovedCourse,
  createCourse,
  QUIZ_ANSWERS,
  type CreatedCourse,
} from '../../test/course-fixtures.ts';

/** Everything a public page must never show, gathered from the real courses below. */
function secretsOf(course: CreatedCourse): string[] {
  const resources = course.course_section.flatMap((section) => section.resources);
  return [
    ...resources.flatMap((r) => (r.file ? [r.file, r.file.split('/').pop()!] : [])),
    ...resources.flatMap((r) => (r.link ? [r.link] : [])),
    ...resources.flatMap((r) => (r.quiz ?? []).map((q) => q._id)),
    'What can be shared openly?',
    'Passwords',
    'correctanswer',
  ];
}

describe('public course pages: only approved, available courses, nothing private', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let learner: TestUser;
  let published: CreatedCourse;
  const hidden: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
    published = await createApprovedCourse(t, owner, admin, {
      title: 'Published course',
      license: 'CC-BY-SA-4.0',
    });
    hidden.draft = (await createCourse(t, owner, { title: 'Secret draft', status: 'Draft' }))._id;
    hidden.pending = (await createCourse(t, owner, { title: 'Secret pending' }))._id;
    const unavailable = await createApprovedCourse(t, owner, admin, { title: 'Secret hidden' });
    await courseAction(t, admin, 'toggle-available', unavailable._id);
    hidden.unavailable = unavailable._id;
    const revoked = await createApprovedCourse(t, owner, admin, { title: 'Secret revoked' });
    await courseAction(t, admin, 'pending', revoked._id);
    hidden.revoked = revoked._id;
    const archived = await createApprovedCourse(t, owner, admin, { title: 'Secret archived' });
    await courseAction(t, owner, 'archive', archived._id);
    hidden.archived = archived._id;
    // A learner with an enrolment and a score: none of it may appear publicly.
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/enroll/${published._id}`,
      headers: learner.auth,
    });
    await submitAttempt(t, learner, published, 3);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('lists the published course without an account, and none of the others', async () => {
    const response = await get('/courses?lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Published course');
    expect(response.body).toContain(`/courses/${published._id}?lang=en`);
    expect(response.body).not.toContain('Secret');
    for (const id of Object.values(hidden)) expect(response.body).not.toContain(id);
  });

  it('answers 404 (an HTML page, not indexed) for drafts, pending, hidden, revoked, archived and bad ids', async () => {
    for (const id of [...Object.values(hidden), 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await get(`/courses/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).not.toContain('Secret');
    }
  });

  it('shows sections and lesson titles but no quiz, answers, PDF or video address, or learner data', async () => {
    const response = await get(`/courses/${published._id}?lang=en`);
    expect(response.statusCode).toBe(200);
    for (const text of [
      'Published course',
      'Getting started',
      'Welcome',
      'Reading',
      'Check yourself',
      'Quiz one',
    ])
      expect(response.body).toContain(text);
    for (const secret of [...secretsOf(published), ...QUIZ_ANSWERS, learner.email, learner.id, owner.email])
      expect(response.body, secret).not.toContain(secret);
  });

  it('shows the licence with its badge and a link to the deed, and enrols through sign-up back to the course', async () => {
    const en = (await get(`/courses/${published._id}?lang=en`)).body;
    expect(en).toContain('Creative Commons Attribution-ShareAlike 4.0 International');
    expect(en).toContain('href="https://creativecommons.org/licenses/by-sa/4.0/"');
    expect(en).toMatch(/<img src="data:image\/svg\+xml,[^"]+" alt="CC BY-SA 4.0"/);
    const next = encodeURIComponent(`/course/${published._id}`);
    expect(en).toContain(`href="/signup?next=${next}&amp;lang=en"`);
    expect(en).toContain(`href="/login?next=${next}&amp;lang=en"`);
    const ar = (await get(`/courses/${published._id}?lang=ar`)).body;
    expect(ar).toContain('href="https://creativecommons.org/licenses/by-sa/4.0/deed.ar"');
    expect(ar).toContain(`href="/signup?next=${next}&amp;lang=ar"`);
  });

  it('serves each language at its own URL with canonical, hreflang alternates and social tags', async () => {
    const base = `http://localhost:3000/courses/${published._id}`;
    const ar = (await get(`/courses/${published._id}?lang=ar`)).body;
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('مقدمة في العلوم المفتوحة'); // the Arabic title
    expect(ar).toContain('البداية'); // an Arabic section title
    expect(ar).toContain(`<link rel="canonical" href="${base}?lang=ar" />`);
    expect(ar).toContain(`<link rel="alternate" hreflang="en" href="${base}?lang=en" />`);
    expect(ar).toContain(`<link rel="alternate" hreflang="ar" href="${base}?lang=ar" />`);
    expect(ar).toContain(`<link rel="alternate" hreflang="x-default" href="${base}" />`);
    expect(ar).toContain('<meta property="og:locale" content="ar_AR" />');
    expect(ar).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:3000\/api\/v1\/files\/[0-9a-f-]{36}" \/>/,
    );
    for (const tag of ['og:title', 'og:description', 'og:url', 'og:type'])
      expect(ar).toContain(`<meta property="${tag}"`);
    for (const tag of ['twitter:card', 'twitter:title', 'twitter:description'])
      expect(ar).toContain(`<meta name="${tag}"`);
    // Without ?lang the browser's language decides; the page still names its own canonical URL.
    const negotiated = (await get(`/courses/${published._id}`, { 'accept-language': 'ar-SA,ar;q=0.9' })).body;
    expect(negotiated).toContain('<html lang="ar" dir="rtl">');
    expect(negotiated).toContain(`<link rel="canonical" href="${base}?lang=ar" />`);
    const english = await get(`/courses/${published._id}?lang=fr`);
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.headers.vary).toContain('accept-language');
  });

  it('keeps the strict CSP on public pages (JSON-LD is data, never executed)', async () => {
    const response = await get(`/courses/${published._id}`);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    const scripts = response.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual(['<script type="application/ld+json">']);
  });

  it('paginates the catalogue and answers 404 past the end or for a malformed page', async () => {
    expect((await get('/courses?page=1')).statusCode).toBe(200);
    for (const page of ['2', '0', '-1', 'abc', '1e3', '9999999', '9'.repeat(400)])
      expect((await get(`/courses?page=${page}`)).statusCode, page).toBe(404);
    expect((await get('/courses?page=1&page=2')).statusCode).toBe(404);
  });

  it('says which catalogue page is missing, not "Course not found", and links to the first page', async () => {
    const past = await get('/courses?page=99&lang=en');
    expect(past.statusCode).toBe(404);
    expect(past.body).toContain('<h1>This page of the course list does not exist</h1>');
    expect(past.body).toContain('The course list has only 1 page.');
    expect(past.body).toContain('<a class="button" href="/courses?lang=en">Go to the first page</a>');
    expect(past.body).not.toContain('Course not found');
    expect(past.body).toContain('<meta name="robots" content="noindex" />');
    expect(past.body).toContain('<link rel="canonical" href="http://localhost:3000/courses?lang=en" />');

    const malformed = await get('/courses?page=abc', { 'accept-language': 'ar' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toContain('<html lang="ar" dir="rtl">');
    expect(malformed.body).toContain('<h1>هذه الصفحة من قائمة الدورات غير موجودة</h1>');
    expect(malformed.body).toContain('رقم الصفحة في العنوان غير صالح.');
    expect(malformed.body).toContain('href="/courses?lang=ar">الانتقال إلى الصفحة الأولى</a>');
    expect(malformed.body).not.toContain('الدورة غير موجودة');
  });

  it('counts sections and lessons in words that agree with the numbers', async () => {
    // The published course has two sections and three lessons.
    expect((await get(`/courses/${published._id}?lang=en`)).body).toContain(
      '<dd>2 sections · 3 lessons</dd>',
    );
    expect((await get(`/courses/${published._id}?lang=ar`)).body).toContain('<dd>قسمان · 3 دروس</dd>');
    const single = await createApprovedCourse(t, owner, admin, {
      title: 'One of each',
      coursesection: [
        {
          title: 'Only part',
          title_tr: 'الجزء الوحيد',
          description: 'Everything.',
          description_tr: 'كل شيء.',
          resources: [
            {
              type: 'video',
              title: 'Welcome',
              title_tr: 'مرحبًا',
              description: 'A short welcome.',
              description_tr: 'ترحيب قصير.',
              link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            },
          ],
        },
      ],
    });
    const en = (await get(`/courses/${single._id}?lang=en`)).body;
    expect(en).toContain('<dd>1 section · 1 lesson</dd>');
    expect(en).not.toMatch(/\b1 (sections|lessons)\b/);
    expect((await get(`/courses/${single._id}?lang=ar`)).body).toContain('<dd>قسم واحد · درس واحد</dd>');
  });

  it('serves its stylesheet from our origin, cached for good', async () => {
    const page = (await get('/courses')).body;
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(page)![1]!;
    const css = await get(href);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toContain('immutable');
    // Logical properties only: the same rules lay out Arabic.
    expect(css.body).not.toMatch(/(margin|padding)-(left|right)|text-align:\s*(left|right)|\bleft:|\bright:/);
  });

  it('lists public courses in both languages in the sitemap, and robots.txt points at it', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<loc>http://localhost:3000/sitemaps/pages.xml</loc>');
    expect(index.body).toContain('<loc>http://localhost:3000/sitemaps/courses-1.xml</loc>');
    expect(index.body).not.toContain('courses-2.xml');

    const pages = (await get('/sitemaps/pages.xml')).body;
    expect(pages).toContain('<loc>http://localhost:3000/courses?lang=en</loc>');
    expect(pages).toContain('<loc>http://localhost:3000/courses?lang=ar</loc>');

    const courses = (await get('/sitemaps/courses-1.xml')).body;
    const base = `http://localhost:3000/courses/${published._id}`;
    expect(courses).toContain(`<loc>${base}?lang=en</loc>`);
    expect(courses).toContain(`<loc>${base}?lang=ar</loc>`);
    expect(courses).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${base}?lang=ar"/>`);
    expect(courses).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${base}"/>`);
    for (const id of Object.values(hidden)) expect(courses).not.toContain(id);
    expect((await get('/sitemaps/courses-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/courses-x.xml')).statusCode).toBe(404);

    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Allow: /api/v1/files/');
  });
});

describe("public course pages: errors are pages in the page's language, not JSON", () => {
  let t: TestApp;
  let pageHeaders: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp();
    pageHeaders = (await t.app.inject({ method: 'GET', url: '/courses?lang=en' })).headers;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' | 'POST' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('answers a course address with bad percent-encoding 400 with a page, in the language asked for', async () => {
    // Found while routing, before any hook; this app's first such answer, whose security headers are
    // read for the first time (public-courses.routes.ts).
    const en = await get('/courses/%zz');
    expectErrorPage(en, 400, 'en', 'This address is not valid');
    expect(en.body).toContain('<a class="button" href="/courses?lang=en">All courses</a>');
    expect(securityHeadersOf(en.headers)).toEqual(securityHeadersOf(pageHeaders));
    expect(Object.keys(securityHeadersOf(en.headers))).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-frame-options', 'x-content-type-options']),
    );

    expectErrorPage(await get('/courses/%zz?lang=ar'), 400, 'ar', 'هذا العنوان غير صالح');
    expectErrorPage(
      await get('/courses/%zz', { 'accept-language': 'ar' }),
      400,
      'ar',
      'هذا العنوان غير صالح',
    );
    // ?lang wins over the browser's language, as on every public page.
    expectErrorPage(
      await get('/courses/%zz?lang=en', { 'accept-language': 'ar' }),
      400,
      'en',
      'This address is not valid',
    );
    const head = await get('/courses/%zz', {}, 'HEAD');
    expect(head.statusCode).toBe(400);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('answers an over-long course id 414 with a page', async () => {
    const response = await get(`/courses/${'a'.repeat(101)}?lang=ar`);
    expectErrorPage(response, 414, 'ar', 'هذا العنوان غير صالح');
    expect(securityHeadersOf(response.headers)).toEqual(securityHeadersOf(pageHeaders));
  });

  it('answers a query the input guard refuses 400 with a page', async () => {
    const response = await get('/courses?lang=%00');
    expectErrorPage(response, 400, 'en', 'This address is not valid');
    expect(securityHeadersOf(response.headers)).toEqual(securityHeadersOf(pageHeaders));
  });

  it('leaves the API, and anything but reading a page, to the JSON envelope', async () => {
    for (const [method, url] of [
      ['POST', '/courses/%zz'],
      ['GET', '/api/v1/course/%zz'],
      ['GET', `/api/v1/course/${'a'.repeat(101)}`],
    ] as const) {
      const response = await get(url, { 'accept-language': 'ar' }, method);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(response.json<{ success: boolean }>().success, url).toBe(false);
    }
  });
});

describe('public course pages: author text cannot inject markup', () => {
  let t: TestApp;
  let id: string;
  const title = '</script><script>alert(1)</script>"><img src=x onerror=alert(2)>';

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'Contributor');
    const admin = await createUser(t, 'SuperAdmin');
    id = (
      await createApprovedCourse(t, owner, admin, {
        title,
        title_tr: null,
        description: "It's <b>bold</b> & \u2028new",
        description_tr: null,
        author: '<svg onload=alert(3)>',
      })
    )._id;
  });
  afterAll(() => t.close());

  it('escapes titles, descriptions and authors in HTML, attributes and JSON-LD', async () => {
    for (const url of [`/courses/${id}?lang=en`, `/courses/${id}?lang=ar`, '/courses']) {
      const body = (await t.app.inject({ method: 'GET', url })).body;
      expect(body, url).not.toContain('<script>alert');
      expect(body, url).not.toContain('<img src=x');
      expect(body, url).not.toContain('<svg onload');
      expect(body, url).not.toContain('<b>bold</b>');
      expect(body.match(/<script/g)?.length, url).toBe(1);
    }
    const page = (await t.app.inject({ method: 'GET', url: `/courses/${id}?lang=ar` })).body;
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x');
    // The Arabic page falls back to the English title, marked as English.
    expect(page).toMatch(/<h1 lang="en" dir="ltr">&lt;\/script&gt;/);
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page)![1]!;
    const data = JSON.parse(json) as { name: string; description: string; author: { name: string } };
    expect(data.name).toBe(title);
    expect(data.description).toBe("It's <b>bold</b> & \u2028new");
    expect(data.author.name).toBe('<svg onload=alert(3)>');
  });
});
