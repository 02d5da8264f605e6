import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, CourseSummary } from '@app/shared';
import { courses } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createUser } from '../test/factories.ts';
import { DEMO_ACCOUNTS, demoSignInHelp, seedDemo, wantsDemoSeed } from './demo.ts';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const courseCount = async () => (await t.db.select({ n: count() }).from(courses))[0]!.n;

  it('creates 3 approved courses and 1 pending on a fresh database, and only once', async () => {
    // Twice at once, as two instances starting together on an empty database (it seeded twice).
    const both = await Promise.all([seedDemo(t.db), seedDemo(t.db)]);
    expect(both).toContainEqual({ seeded: true, approved: 3, pending: 1 });
    expect(both).toContainEqual({ seeded: false });
    expect(await courseCount()).toBe(4);
    const pending = await t.db.select().from(courses).where(eq(courses.status, 'Pending'));
    expect(pending).toHaveLength(1);

    expect(await seedDemo(t.db)).toEqual({ seeded: false });
    expect(await courseCount()).toBe(4);
  });

  it('lists the approved demo courses, in both languages, through the catalogue API', async () => {
    const viewer = await createUser(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/course/approved',
      headers: viewer.auth,
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ data: CourseSummary[] }>().data;
    expect(list).toHaveLength(3);
    for (const course of list) {
      expect(course.title_tr).toMatch(/[\u0600-\u06FF]/);
      expect(course.description_tr).toMatch(/[\u0600-\u06FF]/);
      expect(course.preview_image).toMatch(/^\/api\/v1\/files\//);
    }
    // Arabic search works on the seeded folded text (أسرار is found as اسرار).
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/approved?q=${encodeURIComponent('اسرار')}`,
      headers: viewer.auth,
    });
    expect(search.json<{ data: CourseSummary[] }>().data.map((course) => course.title)).toEqual([
      'Unlocking the Secrets of Open Science',
    ]);
  });

  it('gives every course a YouTube embed, a real two-page PDF under 100 KB, a quiz and a small PNG cover', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: DEMO_ACCOUNTS.contributor.email, password: DEMO_ACCOUNTS.contributor.password },
    });
    expect(login.statusCode).toBe(200);
    const auth = {
      authorization: `Bearer ${login.json<{ data: { access_token: string } }>().data.access_token}`,
    };
    const rows = await t.db.select({ id: courses.id }).from(courses);

    for (const { id } of rows) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/course/${id}`, headers: auth });
      expect(response.statusCode).toBe(200);
      const course = response.json<{ data: Course }>().data;
      const all = course.course_section.flatMap((section) => section.resources);
      expect(all.find((r) => r.type === 'video')?.link).toMatch(
        /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/,
      );
      const quiz = all.find((r) => r.type === 'quiz')?.quiz ?? [];
      expect(quiz.length).toBeGreaterThanOrEqual(3);
      for (const question of quiz) {
        expect(question.question_tr).toMatch(/[\u0600-\u06FF]/);
        for (const option of question.options) expect(option.name_tr).toMatch(/[\u0600-\u06FF]/);
      }

      const pdf = await t.app.inject({ method: 'GET', url: all.find((r) => r.type === 'pdf')!.file! });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.length).toBeLessThan(100_000);
      expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(2);

      const cover = await t.app.inject({ method: 'GET', url: course.preview_image! });
      expect(cover.headers['content-type']).toBe('image/png');
      expect(cover.rawPayload.length).toBeLessThan(100_000);
    }
  });

  it('lets the demo learner sign in', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: DEMO_ACCOUNTS.learner.email, password: DEMO_ACCOUNTS.learner.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ data: { user: { role: 'EndUser' } } });
  });
});

describe('when to seed', () => {
  it('seeds a new embedded database unless SEED_DEMO says no, and PostgreSQL only when asked', () => {
    expect(wantsDemoSeed({}, { kind: 'pglite', isNew: true })).toBe(true);
    expect(wantsDemoSeed({}, { kind: 'pglite', isNew: false })).toBe(false);
    expect(wantsDemoSeed({ SEED_DEMO: false }, { kind: 'pglite', isNew: true })).toBe(false);
    expect(wantsDemoSeed({}, { kind: 'postgres', isNew: false })).toBe(false);
    expect(wantsDemoSeed({ SEED_DEMO: true }, { kind: 'postgres', isNew: false })).toBe(true);
  });

  it('prints how to sign in as learner, contributor and administrator', () => {
    const help = demoSignInHelp(
      { APP_URL: 'http://localhost:3000' },
      { seeded: true, approved: 3, pending: 1 },
    );
    expect(help).toContain('learner@example.com');
    expect(help).toContain(DEMO_ACCOUNTS.learner.password);
    expect(help).toContain(DEMO_ACCOUNTS.contributor.password);
    expect(help).toContain('ADMIN_EMAIL=');
    expect(help).toContain('ADMIN_PASSWORD=');
  });
});
