import type { FastifyBaseLogger } from 'fastify';
import {
  CERTIFICATE_THRESHOLD,
  formatIssueDate,
  idParamSchema,
  type CertificateVerification,
  type Language,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AppCaches } from '../../lib/caches.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import { localize, pick } from '../../lib/localize.ts';
import type { ShellHead } from '../../plugins/spa.ts';
import { certificateVerdict, courseAccessFor } from '../courses/course-access.service.ts';
import { overallScoreOf } from '../learning/learning.service.ts';
import { certificatesMessages } from './certificates.messages.ts';
import {
  certifiedCourseIds,
  findCertificateById,
  findCertificateFor,
  issueCertificate,
  type CertificateRecord,
} from './certificates.repository.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';

export type { CertificateRecord };

/** The web app's page where anyone checks a certificate (printed on it as a link and QR code). */
export const certificateVerificationPage = (appUrl: string, certificateId: string): string =>
  `${appUrl}/certificates/${certificateId}`;

/**
 * The caller's certificate for a course, issued on the first request once their overall score
 * reaches the threshold. An issued certificate stays valid even if the score later drops (e.g. the
 * author adds a quiz): it records that the learner completed the course at that time. `issued`: this
 * request issued it, so the caller settles the caches' `p:<learner>` before answering (decision 104).
 */
export async function certificateForLearner(
  db: Db,
  caches: AppCaches,
  userId: string,
  courseId: string,
): Promise<{ record: CertificateRecord; issued: boolean }> {
  // Enrolled learners only; courses in the catalogue are public knowledge, anything else is not
  // revealed; a course out of review issues nothing new (course-access.service.ts).
  const verdict = certificateVerdict(await courseAccessFor(db, userId, courseId));
  if (verdict === 'hidden') throw notFound(certificatesMessages.courseNotFound);
  if (verdict === 'not-enrolled') throw new AppError(403, 'NOT_ENROLLED', certificatesMessages.notEnrolled);
  const existing = await findCertificateFor(db, userId, courseId);
  if (existing) return { record: existing, issued: false };
  if (verdict === 'held-only') throw notFound(certificatesMessages.courseNotFound);
  const score = await overallScoreOf(db, userId, courseId);
  if (score < CERTIFICATE_THRESHOLD)
    throw new AppError(403, 'CERTIFICATE_NOT_EARNED', certificatesMessages.notEarned, {
      threshold: CERTIFICATE_THRESHOLD,
      // Rounded down, so 79.6 is never shown as the 80 it falls short of.
      score: Math.floor(score),
    });
  try {
    return { record: await issueCertificate(db, userId, courseId), issued: true };
  } finally {
    // Also when reading it back failed: the row may be committed all the same.
    caches.certificateIssued(userId);
  }
}

/**
 * Whether the learner holds the course's certificate (decision 104), from their cached certificates:
 * no query on a warm cache. No access check: for the overall score, whose route has asked the access
 * policy already (through the learning service).
 */
export async function holdsCertificate(
  db: Db,
  caches: AppCaches,
  userId: string,
  courseId: string,
): Promise<boolean> {
  const held = await caches.certified.getOrLoad(userId, () => certifiedCourseIds(db, userId), !caches.usable);
  return held.has(courseId);
}

/**
 * The certificate's PDF. Rendering holds the main thread for tens of milliseconds, and a learner may
 * ask for their certificate as often as they like: 150 requests at once stalled the instance for
 * seconds (its pool's waits then read as a database outage). So renders run one at a time, other
 * requests answered between two (`oneAtATime`), and the last few PDFs are kept by what they print,
 * the same request asked again — or asked together — rendering once (decision 106).
 */
export function certificatePdf(
  record: CertificateRecord,
  appUrl: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Buffer> {
  const key = JSON.stringify([
    appUrl,
    record.id,
    record.name,
    record.courseTitle,
    record.courseTitleTr,
    record.issuedAt,
  ]);
  const kept = renderedPdfs.get(key);
  if (kept) {
    renderedPdfs.delete(key); // the most recently used last
    renderedPdfs.set(key, kept);
    return kept;
  }
  const rendering = renderOneAtATime(() =>
    renderCertificatePdf({ ...record, verifyUrl: certificateVerificationPage(appUrl, record.id) }, log),
  );
  renderedPdfs.set(key, rendering);
  rendering.catch(() => renderedPdfs.delete(key)); // not kept: the next request tries again
  while (renderedPdfs.size > RENDERED_PDFS_KEPT) renderedPdfs.delete(renderedPdfs.keys().next().value!);
  return rendering;
}

/** How many rendered PDFs are kept (tens of kilobytes each). */
const RENDERED_PDFS_KEPT = 32;
const renderedPdfs = new Map<string, Promise<Buffer>>();
const renderOneAtATime = oneAtATime();

export async function verifyCertificate(db: Db, id: string): Promise<CertificateRecord> {
  const record = await findCertificateById(db, id);
  if (!record) throw notFound(certificatesMessages.certificateNotFound);
  return record;
}

/** The certificate with this id, or null (for callers that answer "not found" their own way). */
export function findCertificate(db: Db, id: string): Promise<CertificateRecord | null> {
  return findCertificateById(db, id);
}

/** What anyone may know about a certificate: who completed which course, when (and their ORCID iD). */
export const toVerification = (record: CertificateRecord): CertificateVerification => ({
  _id: record.id,
  courseId: record.courseId,
  name: record.name,
  orcid: record.orcid,
  course_title: record.courseTitle,
  course_title_tr: record.courseTitleTr,
  issuedAt: record.issuedAt.toISOString(),
});

/**
 * What a link to the certificate's page shows where it is shared (decision 101): the certificate
 * (course title in the page's language when it has one, the learner, the date of issue as the
 * certificate prints it) in the head of the app shell. `noindex`: the page names a person, so it is
 * previewed but kept out of search results. Null for an id that is not a certificate's: the page
 * itself then says so.
 */
export async function certificateLinkPreview(db: Db, id: string, lang: Language): Promise<ShellHead | null> {
  if (!idParamSchema.safeParse({ id }).success) return null; // as the API refuses it, before any SQL
  const record = await findCertificateById(db, id);
  if (!record) return null;
  const params = {
    name: record.name,
    course: pick(lang, record.courseTitle, record.courseTitleTr),
    date: formatIssueDate(record.issuedAt, lang),
  };
  return {
    title: localize(lang, certificatesMessages.linkTitle, params),
    description: localize(lang, certificatesMessages.linkDescription, params),
    noindex: true,
  };
}
