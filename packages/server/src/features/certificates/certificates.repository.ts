import { and, eq, sql } from 'drizzle-orm';
import type { CourseLicense } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { certificates, courses, users } from '../../db/schema.ts';

export interface CertificateRecord {
  id: string;
  issuedAt: Date;
  name: string;
  courseTitle: string;
  courseTitleTr: string | null;
  license: CourseLicense;
  courseId: string;
  courseDescription: string;
  courseDescriptionTr: string | null;
  /** The learner's ORCID iD, when they signed in with ORCID. */
  orcid: string | null;
}

const certificateRecord = {
  id: certificates.id,
  issuedAt: certificates.issuedAt,
  name: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
  courseTitle: courses.title,
  courseTitleTr: courses.titleTr,
  license: courses.license,
  courseId: courses.id,
  courseDescription: courses.description,
  courseDescriptionTr: courses.descriptionTr,
  orcid: users.orcid,
};

function selectCertificates(db: Db) {
  return db
    .select(certificateRecord)
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .innerJoin(courses, eq(courses.id, certificates.courseId));
}

export async function findCertificateFor(
  db: Db,
  userId: string,
  courseId: string,
): Promise<CertificateRecord | null> {
  const [row] = await selectCertificates(db).where(
    and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)),
  );
  return row ?? null;
}

export async function findCertificateById(db: Db, id: string): Promise<CertificateRecord | null> {
  const [row] = await selectCertificates(db).where(eq(certificates.id, id));
  return row ?? null;
}

/**
 * Issues the certificate unless it exists: the unique (user, course) index makes two simultaneous
 * requests end with one row, and both callers then read that row.
 */
export async function issueCertificate(db: Db, userId: string, courseId: string): Promise<CertificateRecord> {
  await db.insert(certificates).values({ userId, courseId }).onConflictDoNothing();
  const issued = await findCertificateFor(db, userId, courseId);
  if (!issued) throw new Error(`certificate for ${userId}/${courseId} vanished after insert`);
  return issued;
}

/** Prepared once per database handle: the overall score's cache misses run it (decision 104). */
const queries = preparedFor((db) => ({
  heldBy: db
    .select({ courseId: certificates.courseId })
    .from(certificates)
    .where(eq(certificates.userId, sql.placeholder('userId')))
    .prepare('certificates_held_by'),
}));

/**
 * The ids of the courses whose certificate the learner holds: a range of the unique (user, course)
 * index, as long as their own list of certificates, whatever the number of learners.
 */
export async function certifiedCourseIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await queries(db).heldBy.execute({ userId });
  return new Set(rows.map((row) => row.courseId));
}
