import { eq, sql, type Logger } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type Course } from '@app/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createCourse, patchCourse, postCourse, tinyPdf, uploadFile } from '../../test/course-fixtures.ts';
import type { ResourceRow, SectionRow } from './course-tree.ts';
import { writeSections } from './course-sections.repository.ts';
import { findTreeRows } from './courses.repository.ts';
import { courseSections, resources } from '../../db/schema.ts';

const video = (title: string, givenId?: string): ResourceRow => ({
  givenId,
  type: 'video',
  title,
  titleTr: null,
  description: `About ${title}`,
  descriptionTr: null,
  link: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  fileId: null,
  quiz: null,
});

const section = (title: string, resources: ResourceRow[], givenId?: string): SectionRow => ({
  givenId,
  title,
  titleTr: `${title} (ar)`,
  description: `About ${title}`,
  descriptionTr: null,
  resources,
});

/** `sections` sections of `each` videos, all new. */
const bigTree = (sections: number, each: number) =>
  Array.from({ length: sections }, (_, s) =>
    section(
      `S${s}`,
      Array.from({ length: each }, (_, r) => video(`V${s}-${r}`)),
    ),
  );

/**
 * Decision 114: a course's tree is written set-based, so the statements of a save do not grow with
 * the course (it used to be one per kept resource and per section: ~2,550 for 50 × 50).
 */
describe('writing a course tree', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
  });
  afterAll(() => t.close());

  /** Runs `writeSections` in a transaction and answers the statements it sent (drizzle's logger). */
  async function statementsOf(courseId: string, sections: SectionRow[]): Promise<string[]> {
    return t.db.transaction(async (tx) => {
      const sent: string[] = [];
      const logger: Logger = { logQuery: (query) => void sent.push(query) };
      // Every statement of this transaction is prepared by its session with the session's logger.
      (tx._.session as unknown as { logger: Logger }).logger = logger;
      await writeSections(tx, courseId, sections);
      return sent;
    });
  }

  /** The tree as stored: per section, its id, title and its resources' ids and titles, in order. */
  async function storedTree(courseId: string) {
    const { sections, resources } = await findTreeRows(t.db, courseId);
    return sections.map((row) => ({
      id: row.id,
      title: row.title,
      resources: resources
        .filter((resource) => resource.sectionId === row.id)
        .map((resource) => ({ id: resource.id, title: resource.title })),
    }));
  }

  it('sends as many statements for 50 sections of 50 resources as for one of one, new or kept', async () => {
    // A course as the fixtures make it (two sections, three resources), then a tree written twice:
    // first all new (the fixture's rows deleted), then all kept, reversed (every resource moved).
    const write = async (sectionCount: number, each: number) => {
      const course = await createCourse(t, owner);
      const tree = bigTree(sectionCount, each);
      const fresh = await statementsOf(course._id, tree);
      const written = await storedTree(course._id);
      const reversed = [...written].reverse().map((row) =>
        section(
          `${row.title}, again`,
          [...row.resources].reverse().map((resource) => video(`${resource.title}, again`, resource.id)),
          row.id,
        ),
      );
      const kept = await statementsOf(course._id, reversed);
      return { fresh, kept, courseId: course._id, tree: reversed };
    };
    const small = await write(1, 1);
    const big = await write(50, 50);

    expect(big.fresh.length).toBe(small.fresh.length);
    expect(big.kept.length).toBe(small.kept.length);
    expect(Math.max(big.fresh.length, big.kept.length)).toBeLessThanOrEqual(8);

    // …and the tree is the one sent, in order, with the kept ids.
    const stored = await storedTree(big.courseId);
    expect(stored.map((row) => [row.id, row.title])).toEqual(big.tree.map((row) => [row.givenId, row.title]));
    expect(stored.map((row) => row.resources.map((resource) => [resource.id, resource.title]))).toEqual(
      big.tree.map((row) => row.resources.map((resource) => [resource.givenId, resource.title])),
    );
    expect(stored.flatMap((row) => row.resources)).toHaveLength(50 * 50);
  });

  /** Each row's version, by id: PostgreSQL's `xmin`, the transaction that last wrote it. */
  async function rowVersions(courseId: string) {
    const read = (table: typeof courseSections | typeof resources) =>
      t.db
        .select({ id: table.id, version: sql<string>`${table}.xmin::text` })
        .from(table)
        .where(eq(table.courseId, courseId));
    const rows = [...(await read(courseSections)), ...(await read(resources))];
    return new Map(rows.map((row) => [row.id, row.version]));
  }

  it('writes again only the rows a save changed (decision 209)', async () => {
    const course = await createCourse(t, owner);
    await statementsOf(course._id, [section('A', [video('a1'), video('a2')]), section('B', [video('b1')])]);
    const [a, b] = await storedTree(course._id);
    const before = await rowVersions(course._id);
    await statementsOf(course._id, [
      section('A', [video('a1', a!.resources[0]!.id), video('a2, renamed', a!.resources[1]!.id)], a!.id),
      section('B', [video('b1', b!.resources[0]!.id)], b!.id),
    ]);
    const after = await rowVersions(course._id);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const rewritten = [...after].filter(([id, version]) => before.get(id) !== version).map(([id]) => id);
    expect(rewritten).toEqual([a!.resources[1]!.id]);
    expect((await storedTree(course._id))[0]!.resources[1]!.title).toBe('a2, renamed');
  });

  it('keeps an id once: a section or resource sent twice is kept first, then inserted afresh', async () => {
    const course = await createCourse(t, owner);
    const [first] = await storedTree(course._id);
    const resourceId = first!.resources[0]!.id;
    await statementsOf(course._id, [
      section('One', [video('A', resourceId), video('B', resourceId)], first!.id),
      section('Two', [video('C', resourceId)], first!.id),
    ]);
    const stored = await storedTree(course._id);
    expect(stored.map((row) => row.title)).toEqual(['One', 'Two']);
    expect(stored[0]!.id).toBe(first!.id);
    expect(stored[1]!.id).not.toBe(first!.id);
    expect(stored[0]!.resources.map((resource) => resource.title)).toEqual(['A', 'B']);
    expect(stored[0]!.resources[0]!.id).toBe(resourceId);
    const others = [stored[0]!.resources[1]!.id, stored[1]!.resources[0]!.id];
    expect(others).not.toContain(resourceId);
    expect(new Set(others).size).toBe(2);
  });

  it('ignores an id of another course, and empties a course sent no sections', async () => {
    const mine = await createCourse(t, owner);
    const theirs = await createCourse(t, owner);
    const [their] = await storedTree(theirs._id);
    const theirsBefore = await storedTree(theirs._id);
    await statementsOf(mine._id, [section('Mine', [video('Mine', their!.resources[0]!.id)], their!.id)]);
    const [stored] = await storedTree(mine._id);
    expect(stored!.id).not.toBe(their!.id);
    expect(stored!.resources[0]!.id).not.toBe(their!.resources[0]!.id);
    expect(await storedTree(theirs._id)).toEqual(theirsBefore);

    const statements = await statementsOf(mine._id, []);
    expect(await storedTree(mine._id)).toEqual([]);
    expect(statements.length).toBeLessThanOrEqual(8);
  });

  it('creates and edits a course of 50 sections of the most resources a course may have, ids kept and order as sent', async () => {
    // 50 sections of 50 is past a whole course's limit (decision 204): one section (the 8th) has the
    // most a section may have, the 49 others as many as the whole course's limit leaves them.
    const rest = Math.floor((LIMITS.courseResourcesMax - LIMITS.resourcesPerSectionMax) / 49);
    const sizes = Array.from({ length: 50 }, (_, s) => (s === 7 ? LIMITS.resourcesPerSectionMax : rest));
    const pdf = await uploadFile(t, owner, { data: tinyPdf(), filename: 'notes.pdf' });
    const body = (sections: unknown[]) => ({
      title: 'Fifty by fifty',
      description: 'A big course.',
      author: 'An author',
      coursesection: sections,
    });
    const sections = Array.from({ length: 50 }, (_, s) => ({
      title: `Section ${s}`,
      description: 'd',
      resources: Array.from({ length: sizes[s]! }, (_, r) =>
        r === 0
          ? { type: 'pdf', title: `P${s}`, description: 'd', file: pdf.secure_url }
          : { type: 'video', title: `V${s}-${r}`, description: 'd', link: 'https://youtu.be/dQw4w9WgXcQ' },
      ),
    }));
    const created = await postCourse(t, owner, body(sections));
    expect(created.statusCode).toBe(201);
    const course = created.json<{ data: { course: Course } }>().data.course;
    expect(course.course_section.map((row) => row.title)).toEqual(sections.map((row) => row.title));
    expect(course.course_section[7]!.resources.map((row) => row.title)).toEqual(
      sections[7]!.resources.map((row) => row.title),
    );
    expect(course.course_section[7]!.resources).toHaveLength(LIMITS.resourcesPerSectionMax);
    expect(course.course_section[3]!.resources[0]!.file).toBe(pdf.secure_url);

    // The edit sends it back reversed, the last resource of each section first and one section fewer.
    const edited = course.course_section
      .slice(1)
      .reverse()
      .map((row) => ({
        _id: row._id,
        title: row.title,
        description: row.description,
        resources: [...row.resources]
          .reverse()
          .map(({ _id, type, title, description, link, file }) =>
            type === 'pdf'
              ? { _id, type, title, description, file }
              : { _id, type, title, description, link },
          ),
      }));
    const patched = await patchCourse(t, owner, course._id, body(edited));
    expect(patched.statusCode).toBe(200);
    const after = patched.json<{ data: { course: Course } }>().data.course;
    expect(after.course_section.map((row) => row._id)).toEqual(edited.map((row) => row._id));
    expect(after.course_section.map((row) => row.resources.map((resource) => resource._id))).toEqual(
      edited.map((row) => row.resources.map((resource) => resource._id)),
    );
    expect(after.course_section[0]!.resources.at(-1)!.file).toBe(pdf.secure_url);
    const stored = await storedTree(course._id);
    expect(stored.flatMap((row) => row.resources)).toHaveLength(
      sizes.slice(1).reduce((sum, size) => sum + size, 0),
    );
    expect(stored.map((row) => row.id)).not.toContain(course.course_section[0]!._id);
  });
});
