import type { CourseStatus } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { findAccessFacts } from './courses.repository.ts';

/**
 * The course-access policy: the one place that says who may see, edit and study a course. The
 * courses, learning and certificates features ask it and turn its verdict into their own answer
 * (their own messages); none of them re-derives "admin or owner" or "enrolled in an approved course".
 *
 * A verdict of `hidden` means the caller must not learn that the course exists (answer 404).
 */

export type Verdict = 'allowed' | 'hidden';
/**
 * `not-enrolled`: the course may be shown to the caller, but they have not joined it (403);
 * `closed`: nor may they join it, as it is out of the catalogue (403 COURSE_NOT_AVAILABLE, decision 104).
 */
export type StudyVerdict = Verdict | 'not-enrolled' | 'closed';
/** `locked`: the owner may see the course but an administrator turned editing off (403). */
export type EditVerdict = Verdict | 'locked';

/** The facts every decision is made from, read in one prepared query (`courses_access`). */
export interface CourseAccess {
  status: CourseStatus;
  isAvailable: boolean;
  createdBy: string;
  enrolled: boolean;
}

export const isAdmin = (user: AuthUser): boolean => user.role === 'SuperAdmin';

/** The owner or an administrator: they see and manage the course whatever its state. */
export const isStaffOf = (user: AuthUser, course: Pick<CourseAccess, 'createdBy'>): boolean =>
  isAdmin(user) || course.createdBy === user.id;

/** Listed in the learner catalogue, so public knowledge. */
export const isListed = (course: Pick<CourseAccess, 'status' | 'isAvailable'>): boolean =>
  course.status === 'Approved' && course.isAvailable;

/** A contributor's own course list is theirs and the administrators' to read. */
export const maySeeContributorCourses = (user: AuthUser, contributorId: string): boolean =>
  user.id === contributorId || isAdmin(user);

/** Null when there is no such course. */
export function courseAccessFor(db: Db, userId: string, courseId: string): Promise<CourseAccess | null> {
  return findAccessFacts(db, userId, courseId);
}

/** The full course with its answers (the edit form): staff only. */
export const viewVerdict = (user: AuthUser, course: Pick<CourseAccess, 'createdBy'> | null): Verdict =>
  course && isStaffOf(user, course) ? 'allowed' : 'hidden';

/** Editing: an administrator always; the owner while editing is enabled. */
export function editVerdict(
  user: AuthUser,
  course: (Pick<CourseAccess, 'createdBy'> & { enableEditing: boolean }) | null,
): EditVerdict {
  if (viewVerdict(user, course) === 'hidden') return 'hidden';
  return isAdmin(user) || course!.enableEditing ? 'allowed' : 'locked';
}

/**
 * Studying (the learner view, quizzes, scores): a learner enrolled in an approved course (it stays
 * open to them even when hidden from the catalogue), and staff (previewing). Courses a learner
 * cannot see (drafts, pending, archived) are hidden; a catalogue course not joined is `not-enrolled`;
 * an approved course taken out of the catalogue and not joined is `closed`, since enrolling in it is
 * refused (`enrolVerdict`), so "enrol first" would send the learner to a button that can only fail
 * (decision 104). Its existence is no secret: enrolling says `closed` to anyone.
 */
export function studyVerdict(user: AuthUser, course: CourseAccess | null): StudyVerdict {
  if (!course) return 'hidden';
  if (isStaffOf(user, course)) return 'allowed';
  if (course.status !== 'Approved') return 'hidden';
  if (course.enrolled) return 'allowed';
  return isListed(course) ? 'not-enrolled' : 'closed';
}

/**
 * A certificate: enrolled learners only (an issued certificate records completion, so staff get no
 * special case). A course in the catalogue is public knowledge (`not-enrolled`); any other is hidden.
 * A course no longer Approved (revoked for review, archived) issues no certificate, as nothing in it
 * can be studied: its enrolled learners are told `held-only`, which gives them the certificate they
 * were issued before (it stays valid, and its public page names the course) and hides the course
 * from the others, as the learner routes do.
 */
export type CertificateVerdict = Exclude<StudyVerdict, 'closed'> | 'held-only';

export function certificateVerdict(course: CourseAccess | null): CertificateVerdict {
  if (!course) return 'hidden';
  if (course.enrolled) return course.status === 'Approved' ? 'allowed' : 'held-only';
  return isListed(course) ? 'not-enrolled' : 'hidden';
}

/**
 * Enrolling: any signed-in user, into an approved and available course. Courses a learner cannot
 * see are hidden; staff, who can see them, are told the course is `closed` (409), as is everyone
 * for an approved course taken out of the catalogue.
 */
export function enrolVerdict(user: AuthUser, course: CourseAccess | null): Verdict | 'closed' {
  if (!course) return 'hidden';
  if (course.status !== 'Approved') return isStaffOf(user, course) ? 'closed' : 'hidden';
  return course.isAvailable ? 'allowed' : 'closed';
}
