import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CourseSummary } from '@app/shared';
import { courses, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { courseAction, createApprovedCourse, createCourse } from '../../test/course-fixtures.ts';

describe('courses: the learner catalogue and its search', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let learner: TestUser;
  let arabic: string;
  let english: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
    // Written with hamza-on-alef, a diacritic and taa marbuta: «إدارةُ البيانات المفتوحة»
    arabic = (
      await createApprovedCourse(t, owner, admin, {
        title: 'Open data management',
        title_tr: 'إدارةُ البيانات المفتوحة',
        description: 'Plan, store and share research data.',
        description_tr: 'خطط لبياناتك البحثية وخزّنها وشاركها.',
      })
    )._id;
    english = (
      await createApprovedCourse(t, owner, admin, {
        title: 'Licences 100% explained_fast',
        title_tr: null,
        description: 'Choosing a licence.',
        description_tr: null,
      })
    )._id;
  });
  afterAll(() => t.close());

  async function search(q?: string): Promise<string[]> {
    const url =
      q === undefined ? '/api/v1/course/approved' : `/api/v1/course/approved?q=${encodeURIComponent(q)}`;
    const response = await t.app.inject({ method: 'GET', url, headers: learner.auth });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: CourseSummary[] }>().data.map((course) => course._id);
  }

  it.each([
    ['bare alef, no diacritics, haa for taa marbuta', 'اداره'],
    ['the exact spelling', 'إدارةُ'],
    ['alef with madda and tatweel', 'آدارـة'],
    ['a later word, with its own diacritics', 'البَيانات'],
    ['the Arabic description', 'خزنها'],
  ])('finds an Arabic title written with %s', async (_name, q) => {
    expect(await search(q)).toEqual([arabic]);
  });

  it('searches English titles and descriptions case-insensitively', async () => {
    expect(await search('OPEN DATA')).toEqual([arabic]);
    expect(await search('research data')).toEqual([arabic]);
    expect(await search('choosing')).toEqual([english]);
  });

  it('finds a course by its author, the name on its card', async () => {
    const byAuthor = (
      await createApprovedCourse(t, owner, admin, {
        title: 'Citizen science',
        title_tr: null,
        description: 'Research with the public.',
        description_tr: null,
        author: 'مؤسسة العلوم المفتوحة',
      })
    )._id;
    expect(await search('مؤسسة العلومِ')).toEqual([byAuthor]);
    await courseAction(t, admin, 'archive', byAuthor); // the other tests count the catalogue
    expect(await search('مؤسسة العلومِ')).toEqual([]);
  });

  it('reads a hyphen or a dash as a space, in the query and in the course (decision 174)', async () => {
    const hyphenated = (
      await createApprovedCourse(t, owner, admin, {
        title: 'Citizen-science projects',
        title_tr: null,
        description: 'Peer review – step by step.',
        description_tr: null,
      })
    )._id;
    for (const q of ['citizen science', 'Citizen-Science', 'review-step', 'review — step', 'open-data'])
      expect(await search(q), q).toEqual(q === 'open-data' ? [arabic] : [hyphenated]);
    await courseAction(t, admin, 'archive', hyphenated); // the other tests count the catalogue
  });

  it('treats % and _ in the query as text, not wildcards', async () => {
    expect(await search('100%')).toEqual([english]);
    expect(await search('%')).toEqual([english]);
    expect(await search('explained_fast')).toEqual([english]);
    expect(await search('_')).toEqual([english]);
    expect(await search('nothing matches this')).toEqual([]);
  });

  it('matches a term of one or two characters as it matches a longer one (decision 063: no trigram in it)', async () => {
    expect(await search('خزّ')).toEqual([arabic]); // folds to two letters
    expect(await search('0%')).toEqual([english]);
    expect(await search('_F')).toEqual([english]);
    expect(await search('%x')).toEqual([]);
  });

  it('lists everything approved and available when the query is absent or blank', async () => {
    expect((await search()).sort()).toEqual([arabic, english].sort());
    expect((await search('   ')).sort()).toEqual([arabic, english].sort());
  });

  it('hides a course from learners when it is made unavailable, and shows it again when made available', async () => {
    await courseAction(t, admin, 'toggle-available', english);
    expect(await search()).toEqual([arabic]);
    expect(await search('licences')).toEqual([]);
    await courseAction(t, admin, 'toggle-available', english);
    expect(await search('licences')).toEqual([english]);
  });

  it('never lists drafts or courses pending review', async () => {
    await createCourse(t, owner, { title: 'إدارة مسودة' });
    expect(await search('اداره')).toEqual([arabic]);
  });

  it('refuses an over-long query', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/approved?q=${'a'.repeat(101)}`,
      headers: learner.auth,
    });
    expect(response.statusCode).toBe(400);
  });

  describe('the boards search too (decision 056)', () => {
    async function staffSearch(user: TestUser, path: string, q: string) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${path}${path.includes('?') ? '&' : '?'}q=${encodeURIComponent(q)}`,
        headers: user.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ data: CourseSummary[]; pagination: { total: number } }>();
      return { ids: body.data.map((course) => course._id), total: body.pagination.total };
    }

    it('the administrators’ table: any status, Arabic folded, with the status filter and the count', async () => {
      const draft = (await createCourse(t, owner, { title: 'إدارةُ المختبرات المفتوحة', status: 'Draft' }))
        ._id;
      expect(await staffSearch(admin, '/api/v1/course', 'اداره المختبرات')).toEqual({
        ids: [draft],
        total: 1,
      });
      const anyStatus = await staffSearch(admin, '/api/v1/course', 'اداره');
      expect(anyStatus.ids).toEqual(expect.arrayContaining([arabic, draft]));
      expect(anyStatus.total).toBe(anyStatus.ids.length);
      expect(await staffSearch(admin, '/api/v1/course?status=Approved', 'اداره')).toEqual({
        ids: [arabic],
        total: 1,
      });
      expect(await staffSearch(admin, '/api/v1/course', '100%')).toEqual({ ids: [english], total: 1 });
      expect(await staffSearch(admin, '/api/v1/course', 'nothing like this')).toEqual({ ids: [], total: 0 });
    });

    it('the administrators’ table finds a course by its contributor’s name or e-mail, Arabic folded', async () => {
      const author = await createUser(t, 'Contributor', {
        firstname: 'آمنة',
        lastname: 'Al-Qahtani',
        email: `amna.q-${Date.now()}@Example.test`,
      });
      const hers = (await createCourse(t, author, { title: 'Reproducible notebooks', status: 'Draft' }))._id;
      for (const q of [
        'امنه',
        'AL-QAHTANI',
        'امنه al-qahtani',
        'al qahtani', // decision 174: a dash reads as a space
        author.email.slice(0, 12).toUpperCase(),
      ])
        expect(await staffSearch(admin, '/api/v1/course', q), q).toEqual({ ids: [hers], total: 1 });
      // With the status filter, and the course text still matched alongside.
      expect(await staffSearch(admin, '/api/v1/course?status=Draft', 'qahtani')).toEqual({
        ids: [hers],
        total: 1,
      });
      expect(await staffSearch(admin, '/api/v1/course?status=Approved', 'qahtani')).toEqual({
        ids: [],
        total: 0,
      });
      // A contributor's own board searches course text only: the contributor is the board.
      expect(await staffSearch(author, `/api/v1/course/contributor/${author.id}`, 'qahtani')).toEqual({
        ids: [],
        total: 0,
      });
    });

    it('follows a renamed contributor and a course given to another (decision 060: copied by the database)', async () => {
      const author = await createUser(t, 'Contributor', { firstname: 'Fahad', lastname: 'Zahrani' });
      const his = (await createCourse(t, author, { title: 'Field notes', status: 'Draft' }))._id;
      expect(await staffSearch(admin, '/api/v1/course', 'zahrani')).toEqual({ ids: [his], total: 1 });

      // However the user row is written (there is no rename route; sign-in providers and the
      // administrator set-up write names): the next search reads the new name, not the old.
      await t.db.update(users).set({ lastname: 'الزهراني' }).where(eq(users.id, author.id));
      await t.app.caches.settle(); // the totals are cached (decision 072): as after any SQL change
      expect(await staffSearch(admin, '/api/v1/course', 'zahrani')).toEqual({ ids: [], total: 0 });
      expect(await staffSearch(admin, '/api/v1/course', 'الزهراني')).toEqual({ ids: [his], total: 1 });

      const heir = await createUser(t, 'Contributor', { firstname: 'Noura', lastname: 'Harbi' });
      await t.db.update(courses).set({ createdBy: heir.id }).where(eq(courses.id, his));
      await t.app.caches.settle();
      expect(await staffSearch(admin, '/api/v1/course', 'الزهراني')).toEqual({ ids: [], total: 0 });
      expect(await staffSearch(admin, '/api/v1/course', 'harbi')).toEqual({ ids: [his], total: 1 });
    });

    it('a contributor’s board: only their courses that match', async () => {
      const other = await createUser(t, 'Contributor');
      await createCourse(t, other, { title: 'Open data, someone else’s' });
      const mine = await staffSearch(owner, `/api/v1/course/contributor/${owner.id}`, 'open data');
      expect(mine).toEqual({ ids: [arabic], total: 1 });
      expect(await staffSearch(owner, `/api/v1/course/contributor/${owner.id}`, 'LICENCES')).toEqual({
        ids: [english],
        total: 1,
      });
    });

    it('a term of one or two characters searches every board as a longer one does (decision 063)', async () => {
      const author = await createUser(t, 'Contributor', { firstname: 'ظافر', lastname: 'Test' });
      const his = (await createCourse(t, author, { title: 'Short terms', status: 'Draft' }))._id;
      for (const q of ['ظا', 'ظ'])
        expect(await staffSearch(admin, '/api/v1/course', q), q).toEqual({ ids: [his], total: 1 });
      expect(await staffSearch(admin, '/api/v1/course?status=Draft', 'ظا')).toEqual({ ids: [his], total: 1 });
      expect(await staffSearch(admin, '/api/v1/course?status=Approved', 'ظا')).toEqual({ ids: [], total: 0 });
      expect(await staffSearch(admin, '/api/v1/course', '0%')).toEqual({ ids: [english], total: 1 });
      const board = `/api/v1/course/contributor/${owner.id}`;
      expect(await staffSearch(owner, board, 'خز')).toEqual({ ids: [arabic], total: 1 });
      expect(await staffSearch(owner, board, '0%')).toEqual({ ids: [english], total: 1 });
      expect(await staffSearch(author, `/api/v1/course/contributor/${author.id}`, 'ظا')).toEqual({
        ids: [],
        total: 0,
      });
    });

    it.each(['/api/v1/course', '/api/v1/course/contributor/OWNER'])(
      'refuses an over-long query on %s',
      async (path) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `${path.replace('OWNER', owner.id)}?q=${'a'.repeat(101)}`,
          headers: admin.auth,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'q' }] });
      },
    );
  });
});
