import {
  CERTIFICATE_THRESHOLD,
  LESSON_TYPES,
  type LearnerCourse,
  type LearnerResource,
  type LearnerSection,
  type OverallScore,
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

/** The id of what is selected (a resource's, or the certificate's), null for nothing. */
export const selectedIdOf = (selection: Selection): string | null =>
  selection.kind === 'certificate'
    ? CERTIFICATE_ID
    : selection.kind === 'resource'
      ? selection.resource._id
      : null;

/** The learner's best score on a quiz; undefined when never attempted. */
export function bestQuizScore(course: LearnerCourse, quizId: string): number | undefined {
  return course.quizScore.find((entry) => entry.quizId === quizId)?.score;
}

/** The learner's best score on a quiz (0 when never attempted). */
export function quizScoreOf(course: LearnerCourse, quizId: string): number {
  return bestQuizScore(course, quizId) ?? 0;
}

/**
 * Whether the learner has a certificate to open: one already issued (kept when the score later drops,
 * e.g. the author added a quiz: decision 104), or a score at which the server issues it — 80 % of the
 * unrounded overall score, so 79.6 is not enough. Unknown (not loaded, failed) counts as not.
 */
export const hasEarnedCertificate = (overall: OverallScore | undefined) =>
  overall !== undefined && (overall.certificateIssued || overall.score >= CERTIFICATE_THRESHOLD);

/**
 * Where the learner goes on from (decision 094): the first item, in course order, still to do — a
 * video or PDF not completed, a quiz never attempted (one without questions cannot be); null once
 * every one has been done or tried.
 */
export function nextStep(course: LearnerCourse, completed: ReadonlySet<string>): LearnerResource | null {
  const attempted = new Set(course.quizScore.map((entry) => entry.quizId));
  for (const resource of itemsOf(course)) {
    const toDo =
      resource.type === 'quiz'
        ? hasQuestions(resource) && !attempted.has(resource._id)
        : (LESSON_TYPES as readonly string[]).includes(resource.type) && !completed.has(resource._id);
    if (toDo) return resource;
  }
  return null;
}

/**
 * What follows an item in the course content, for "Next" under a completed lesson or a quiz's result:
 * the next video, PDF or quiz in course order (across sections; as `nextStep`, other items are
 * passed over), after the last one the certificate once earned (as the list shows it), otherwise
 * nothing.
 */
export function itemAfter(
  course: LearnerCourse,
  id: string,
  certificateEarned: boolean,
): LearnerResource | typeof CERTIFICATE_ID | null {
  const items = itemsOf(course);
  const index = items.findIndex((resource) => resource._id === id);
  if (index < 0) return null;
  // A video, PDF or quiz: any resource but a certificate file.
  const following = items.slice(index + 1).find((resource) => resource.type !== 'certificate');
  return following ?? (certificateEarned ? CERTIFICATE_ID : null);
}

/** Every resource of the course, in course order. */
const itemsOf = (course: LearnerCourse) => course.course_section.flatMap((section) => section.resources);

const hasQuestions = (resource: LearnerResource) => (resource.quiz?.length ?? 0) > 0;

/**
 * With everything tried and no certificate yet, the quiz to retake (decision 094): the one with the
 * lowest best score, the first of equals; null for a course without quizzes.
 */
export function weakestQuiz(course: LearnerCourse): LearnerResource | null {
  let weakest: { resource: LearnerResource; score: number } | null = null;
  for (const resource of itemsOf(course)) {
    if (resource.type !== 'quiz' || !hasQuestions(resource)) continue;
    const score = quizScoreOf(course, resource._id);
    if (!weakest || score < weakest.score) weakest = { resource, score };
  }
  return weakest?.resource ?? null;
}

/** Whether the learner has done anything in the course yet: a lesson completed or a quiz tried. */
export const hasStarted = (course: LearnerCourse, completed: ReadonlySet<string>) =>
  completed.size > 0 || course.quizScore.length > 0;
