import { randomUUID } from 'node:crypto';
import type { Logger } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInputSchema, type CourseInput } from '@app/shared';
import { BodyValidationError } from '../../lib/errors.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { courseBody, pngCover, tinyPdf, uploadFile } from '../../test/course-fixtures.ts';
import { resolveSections, type FileUsers } from './course-tree.ts';

/**
 * Decision 205: a save's PDFs are checked (a stored PDF, one the course may use) in one statement,
 * however many there are, both errors read from the same rows.
 */
describe("resolving a course's files", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const url = async (user: TestUser, data: Buffer, filename: string) =>
    (await uploadFile(t, user, { data, filename })).secure_url;
  let alicePdf: string;
  let aliceOtherPdf: string;
  let alicePng: string;
  let bobPdf: string;
  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = await Promise.all([createUser(t, 'Contributor'), createUser(t, 'Contributor')]);
    alicePdf = await url(alice, tinyPdf('One'), 'one.pdf');
    aliceOtherPdf = await url(alice, tinyPdf('Two'), 'two.pdf');
    alicePng = await url(alice, pngCover.data, 'picture.png');
    bobPdf = await url(bob, tinyPdf('Bob'), 'bob.pdf');
  });
  afterAll(() => t.close());

  /** The fixture's course with PDF resources pointing at `pdfs`, in order, after its video. */
  const withPdfs = (...pdfs: string[]): CourseInput => {
    const body = courseBody(pdfs[0]!);
    const [first, ...others] = body.coursesection;
    const pdf = first!.resources[1]!;
    return courseInputSchema.parse({
      ...body,
      coursesection: [
        { ...first, resources: [first!.resources[0], ...pdfs.map((file) => ({ ...pdf, file }))] },
        ...others,
      ],
    });
  };
  const fileField = (r: number) => ['coursesection', 0, 'resources', r, 'file'];

  /** Runs `resolveSections` for alice's new course and answers its statements and what it threw. */
  async function resolved(input: CourseInput, users: FileUsers = { ownerIds: [alice.id], courseId: null }) {
    return t.db.transaction(async (tx) => {
      const sent: string[] = [];
      const logger: Logger = { logQuery: (query) => void sent.push(query) };
      // Every statement of this transaction is prepared by its session with the session's logger.
      (tx._.session as unknown as { logger: Logger }).logger = logger;
      const issues = await resolveSections(tx, input, users).then(
        () => [],
        (error: unknown) => {
          if (!(error instanceof BodyValidationError)) throw error;
          return error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
        },
      );
      return { statements: sent.length, issues };
    });
  }

  it('checks every PDF of a save in one statement, and a course without one in none', async () => {
    expect(await resolved(withPdfs(alicePdf, aliceOtherPdf, alicePdf, aliceOtherPdf))).toEqual({
      statements: 1,
      issues: [],
    });
    const noPdf = withPdfs(alicePdf);
    noPdf.coursesection[0]!.resources.splice(1, 1);
    expect(await resolved(noPdf)).toEqual({ statements: 0, issues: [] });
  });

  it("refuses another author's PDF on its field from that same statement", async () => {
    expect(await resolved(withPdfs(alicePdf, bobPdf, aliceOtherPdf, bobPdf))).toEqual({
      statements: 1,
      issues: [
        { path: fileField(2), message: 'file_not_yours' },
        { path: fileField(4), message: 'file_not_yours' },
      ],
    });
    // Bob's own course may have it.
    expect(await resolved(withPdfs(bobPdf), { ownerIds: [bob.id], courseId: null })).toEqual({
      statements: 1,
      issues: [],
    });
  });

  it("reports only the files that are no stored PDF when another author's is there too", async () => {
    const missing = `/api/v1/files/${randomUUID()}`;
    expect(await resolved(withPdfs(bobPdf, alicePng, missing, alicePdf))).toEqual({
      statements: 1,
      issues: [
        { path: fileField(2), message: 'pdf_file_required' },
        { path: fileField(3), message: 'pdf_file_required' },
      ],
    });
  });
});
