import { CERTIFICATE_THRESHOLD } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { overallScore } from '../learning/learning.repository.ts';
import { certificatesMessages } from './certificates.messages.ts';
import {
  findCertificateById,
  findCertificateFor,
  findCourseForCertificate,
  issueCertificate,
  type CertificateRecord,
} from './certificates.repository.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { credentialUrls } from '../credentials/credential-keys.ts';

/**
 * The caller's certificate for a course, issued on the first request once their overall score
 * reaches the threshold. An issued certificate stays valid even if the score later drops (e.g. the
 * author adds a quiz): it records that the learner completed the course at that time.
 */
export async function certificateForLearner(
  db: Db,
  userId: string,
  courseId: string,
): Promise<CertificateRecord> {
  const course = await findCourseForCertificate(db, userId, courseId);
  if (!course) throw notFound(certificatesMessages.courseNotFound);
  if (!course.enrolled) {
    // Courses in the catalogue are public knowledge; anything else is not revealed.
    const listed = course.status === 'Approved' && course.isAvailable;
    if (!listed) throw notFound(certificatesMessages.courseNotFound);
    throw new AppError(403, 'NOT_ENROLLED', certificatesMessages.notEnrolled);
  }
  const existing = await findCertificateFor(db, userId, courseId);
  if (existing) return existing;
  const score = await overallScore(db, userId, courseId);
  if (score < CERTIFICATE_THRESHOLD)
    throw new AppError(403, 'CERTIFICATE_NOT_EARNED', certificatesMessages.notEarned, {
      threshold: CERTIFICATE_THRESHOLD,
      // Rounded down, so 79.6 is never shown as the 80 it falls short of.
      score: Math.floor(score),
    });
  return issueCertificate(db, userId, courseId);
}

export function certificatePdf(record: CertificateRecord, appUrl: string): Promise<Buffer> {
  return renderCertificatePdf({ ...record, verifyUrl: credentialUrls(appUrl).verificationPage(record.id) });
}

export async function verifyCertificate(db: Db, id: string): Promise<CertificateRecord> {
  const record = await findCertificateById(db, id);
  if (!record) throw notFound(certificatesMessages.certificateNotFound);
  return record;
}
