import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../db/schema.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { courseAuthorOrcid, orcidLinkHtml } from './orcid.ts';

describe('contributor ORCID iD for public pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function courseBy(orcid: string | null) {
    const author = await createUser(t, 'Contributor', { orcid });
    const [course] = await t.db
      .insert(courses)
      .values({ title: 'T', description: 'D', author: 'A', status: 'Approved', createdBy: author.id })
      .returning({ id: courses.id });
    return course!.id;
  }

  it('selects the creator’s iD beside the course, or null', async () => {
    const withId = await courseBy('0000-0002-1825-0097');
    const without = await courseBy(null);
    const read = async (id: string) =>
      (await t.db.select({ orcid: courseAuthorOrcid }).from(courses).where(eq(courses.id, id)))[0]!.orcid;
    expect(await read(withId)).toBe('0000-0002-1825-0097');
    expect(await read(without)).toBeNull();
  });

  it('renders a link to the ORCID record, and nothing for a missing or malformed iD', () => {
    expect(String(orcidLinkHtml('0000-0002-1825-0097'))).toBe(
      '<a class="orcid" href="https://orcid.org/0000-0002-1825-0097" rel="author noopener" target="_blank">' +
        '<bdi dir="ltr">https://orcid.org/0000-0002-1825-0097</bdi></a>',
    );
    expect(String(orcidLinkHtml(null))).toBe('');
    expect(String(orcidLinkHtml('"><script>alert(1)</script>'))).toBe('');
  });

  it('shows the iD beside the author on the public course page', async () => {
    const withId = await courseBy('0000-0001-5109-3700');
    const page = await t.app.inject({ method: 'GET', url: `/courses/${withId}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<bdi>A</bdi> <a class="orcid" href="https://orcid.org/0000-0001-5109-3700"');
    expect(page.body).toContain('"sameAs":"https://orcid.org/0000-0001-5109-3700"');
    const plain = await t.app.inject({ method: 'GET', url: `/courses/${await courseBy(null)}?lang=en` });
    expect(plain.body).not.toContain('class="orcid"');
  });
});
