import { eq, sql } from 'drizzle-orm';
import { courseInputSchema, LIMITS, type Role } from '@app/shared';
import type { Database, Db, Tx } from '../db/client.ts';
import { courses, users } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { hashPassword } from '../lib/passwords.ts';
import { courseContentColumns, resolveSections } from '../features/courses/course-tree.ts';
import { writeSections } from '../features/courses/course-sections.repository.ts';
import { insertFile } from '../features/files/files.repository.ts';
import { checkUpload, fileUrl, UPLOAD_TYPES } from '../features/files/files.service.ts';
import { filesMessages } from '../features/files/files.messages.ts';
import { demoCourses, type DemoCourse } from './demo-content.ts';
import { demoCoursePdf } from './demo-pdf.ts';
import { coverImage } from './png.ts';

/**
 * Demo data for a first look at the product: two accounts and a bilingual catalogue. Seeded on a
 * new embedded database, or when SEED_DEMO=1; never twice (skipped as soon as any course exists).
 * The passwords are fixed and documented on purpose: this is throw-away local data.
 */
export const DEMO_ACCOUNTS = {
  learner: {
    email: 'learner@example.com',
    password: 'demo-learner-pass',
    firstname: 'Demo',
    lastname: 'Learner',
    role: 'EndUser',
  },
  contributor: {
    email: 'contributor@example.com',
    password: 'demo-contributor-pass',
    firstname: 'Demo',
    lastname: 'Contributor',
    role: 'Contributor',
  },
} as const satisfies Record<
  string,
  { email: string; password: string; firstname: string; lastname: string; role: Role }
>;

/** SEED_DEMO decides when set; otherwise only a database this start created (embedded mode). */
export function wantsDemoSeed(
  env: Pick<Env, 'SEED_DEMO'>,
  database: Pick<Database, 'kind' | 'isNew'>,
): boolean {
  return env.SEED_DEMO ?? (database.kind === 'pglite' && database.isNew);
}

export type SeedResult = { seeded: false } | { seeded: true; approved: number; pending: number };

/** The advisory lock the seeding transaction holds (one more than the migrations' `MIGRATION_LOCK_KEY`). */
const SEED_LOCK_KEY = '7401913202612';

/** Inserts the demo accounts and courses in one transaction, unless any course exists already. */
export async function seedDemo(db: Db): Promise<SeedResult> {
  if (await anyCourseExists(db)) return { seeded: false };
  // Slow work (scrypt, PDF layout) before the transaction, which on PGlite blocks every other query.
  const [learnerHash, contributorHash, pdf] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.learner.password),
    hashPassword(DEMO_ACCOUNTS.contributor.password),
    demoCoursePdf().then((bytes) => checkedFile(bytes)),
  ]);

  return db.transaction(async (tx) => {
    // Instances starting together on an empty PostgreSQL database would each find no course and
    // seed: the second waits here for the first to commit, then finds its courses.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await anyCourseExists(tx)) return { seeded: false } as const;
    await ensureUser(tx, DEMO_ACCOUNTS.learner, learnerHash);
    const contributorId = await ensureUser(tx, DEMO_ACCOUNTS.contributor, contributorHash);
    const pdfId = await insertFile(tx, contributorId, pdf);
    const catalogue = demoCourses(fileUrl(pdfId));
    for (const course of catalogue) await insertCourse(tx, contributorId, course);
    return {
      seeded: true,
      approved: catalogue.filter((course) => course.status === 'Approved').length,
      pending: catalogue.filter((course) => course.status === 'Pending').length,
    } as const;
  });
}

/**
 * One course exactly as the course form would store it: the input is checked by the contract's
 * schema and turned into rows by the same code as POST /course/new. Returns the course id.
 */
export async function insertCourse(tx: Tx, ownerId: string, course: DemoCourse): Promise<string> {
  const input = courseInputSchema.parse(course.input);
  const coverId = await insertFile(tx, ownerId, await checkedFile(coverImage(course.cover)));
  const sections = await resolveSections(tx, input, { ownerIds: [ownerId], courseId: null });
  const [row] = await tx
    .insert(courses)
    .values({
      ...courseContentColumns(input),
      status: course.status,
      previewFileId: coverId,
      createdBy: ownerId,
    })
    .returning({ id: courses.id });
  await writeSections(tx, row!.id, sections);
  return row!.id;
}

/** Generated files pass the same checks as uploads (type by magic bytes, 100 KB). */
export function checkedFile(bytes: Buffer) {
  return checkUpload(bytes, {
    allowed: UPLOAD_TYPES,
    maxBytes: LIMITS.uploadBytes,
    missing: filesMessages.fileRequired,
    unsupported: filesMessages.unsupportedUpload,
  });
}

async function anyCourseExists(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: courses.id }).from(courses).limit(1);
  return rows.length > 0;
}

/** The account's id; an existing account with that e-mail is reused as it is. */
async function ensureUser(
  tx: Tx,
  account: (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS],
  passwordHash: string,
): Promise<string> {
  const { password: _password, ...fields } = account;
  await tx
    .insert(users)
    .values({ ...fields, passwordHash, emailVerifiedAt: new Date() })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  return row!.id;
}

/** What start-up prints after seeding: how to sign in as each kind of user. */
export function demoSignInHelp(env: Pick<Env, 'APP_URL' | 'ADMIN_EMAIL'>, result: SeedResult): string {
  if (!result.seeded) return 'Demo data: skipped (the database already has courses).';
  const { learner, contributor } = DEMO_ACCOUNTS;
  const admin = env.ADMIN_EMAIL
    ? `${env.ADMIN_EMAIL} with the ADMIN_PASSWORD you set, at ${env.APP_URL}/admin/login`
    : 'none yet: start with ADMIN_EMAIL=you@example.org ADMIN_PASSWORD=<8+ characters> to create one';
  return [
    `Demo data added: ${result.approved} approved courses and ${result.pending} waiting for review.`,
    `Sign in at ${env.APP_URL}/login`,
    `  learner:        ${learner.email}  password: ${learner.password}`,
    `  contributor:    ${contributor.email}  password: ${contributor.password}`,
    `  administrator:  ${admin}`,
  ].join('\n');
}

/** Start-up hook: seeds when wanted; returns the sign-in help to print, or null when not wanted. */
export async function seedDemoOnStart(
  database: Pick<Database, 'db' | 'kind' | 'isNew'>,
  env: Pick<Env, 'SEED_DEMO' | 'APP_URL' | 'ADMIN_EMAIL'>,
): Promise<string | null> {
  if (!wantsDemoSeed(env, database)) return null;
  return demoSignInHelp(env, await seedDemo(database.db));
}
