import {
  CERTIFICATE_THRESHOLD,
  type LearnerCourse,
  type LearnerResource,
  type LearnerSection,
} from '@app/shared';

/** The id the certificate item is selected by (it is not a resource the author created). */
export const CERTIFICATE_ID = 'certificate';

export type Selection =
  | { kind: 'resource'; resource: LearnerResource; section: LearnerSection; sectionIndex: number }
  | { kind: 'certificate' }
  | { kind: 'none' };

export function findSelection(
  course: LearnerCourse,
  id: string | null,
  certificateEarned: boolean,
): Selection {
  if (!id) return { kind: 'none' };
  if (id === CERTIFICATE_ID) return certificateEarned ? { kind: 'certificate' } : { kind: 'none' };
  for (const [sectionIndex, section] of course.course_section.entries()) {
    const resource = section.resources.find((candidate) => candidate._id === id);
    if (resource) return { kind: 'resource', resource, section, sectionIndex };
  }
  return { kind: 'none' };
}

/** The learner's best score on a quiz (0 when never attempted). */
export function quizScoreOf(course: LearnerCourse, quizId: string): number {
  return course.quizScore.find((entry) => entry.quizId === quizId)?.score ?? 0;
}

/** The server issues the certificate at 80 % of the unrounded overall score, so 79.6 is not enough. */
export const hasEarnedCertificate = (overallScore: number | undefined) =>
  overallScore !== undefined && overallScore >= CERTIFICATE_THRESHOLD;
