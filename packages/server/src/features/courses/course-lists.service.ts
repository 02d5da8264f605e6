import {
  foldForSearch,
  type CourseSummary,
  type CourseTableQuery,
  type Language,
  type PageQuery,
  type Pagination,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AppCaches } from '../../lib/caches.ts';
import { forbidden } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { coursesMessages } from './courses.messages.ts';
import { maySeeContributorCourses } from './course-access.service.ts';
import { toSummary } from './course-views.service.ts';
import { progressForCourses } from '../learning/completion.service.ts';
import {
  approvedPage,
  enrolledCourseIds,
  likePattern,
  listAll,
  listByContributor,
  type StaffPage,
  type SummaryPage,
} from './course-lists.repository.ts';

/** One page of a course list as the contract shows it. */
export interface CoursePage {
  data: CourseSummary[];
  pagination: Pagination;
}

/**
 * The learner catalogue (`GET /course/approved`) through the in-process caches of decision 019: the
 * page itself is the same for every caller and cached by (search, limit, offset); the caller's
 * `enrolled` flags come from their cached set of enrolled course ids. Both are evicted by the change
 * notifications, so an edit, a review action or an enrolment shows at once.
 */
export async function cataloguePage(
  db: Db,
  caches: AppCaches,
  viewerId: string,
  q: string,
  page: PageQuery,
): Promise<CoursePage> {
  const pattern = likePattern(foldForSearch(q));
  const bypass = !caches.usable;
  const shared = (await caches.catalogue.getOrLoad(
    `${page.limit}:${page.offset}:${pattern}`,
    () => approvedPage(db, pattern, page),
    bypass,
  )) as SummaryPage;
  const enrolled =
    shared.rows.length === 0
      ? new Set<string>()
      : await caches.enrolled.getOrLoad(viewerId, () => enrolledCourseIds(db, viewerId), bypass);
  // Progress is the caller's own and changes with every lesson, so it is never cached: one set-based
  // query for the enrolled courses of this page (decision 033).
  const progress = await progressForCourses(
    db,
    viewerId,
    shared.rows.filter((row) => enrolled.has(row.id)).map((row) => row.id),
  );
  return {
    data: shared.rows.map((row) => ({
      ...toSummary(row, viewerId, enrolled.has(row.id)),
      ...(enrolled.has(row.id) ? { progress: progress.get(row.id) ?? 0 } : {}),
    })),
    pagination: { total: shared.total, limit: page.limit, offset: page.offset },
  };
}

/** Every course in the administrators' table order (the route lets administrators only in). */
export async function allCoursesPage(
  db: Db,
  viewer: AuthUser,
  query: CourseTableQuery,
  lang: Language,
): Promise<CoursePage> {
  return pageOf(viewer, await listAll(db, viewer.id, query, lang), query);
}

/** A contributor's courses except archived ones: that contributor's and the administrators' to read. */
export async function contributorCoursesPage(
  db: Db,
  viewer: AuthUser,
  contributorId: string,
  page: PageQuery,
): Promise<CoursePage> {
  if (!maySeeContributorCourses(viewer, contributorId))
    throw forbidden(coursesMessages.otherContributorsCourses);
  return pageOf(viewer, await listByContributor(db, viewer.id, contributorId, page), page);
}

const pageOf = (viewer: AuthUser, page: StaffPage, query: PageQuery): CoursePage => ({
  data: page.rows.map((row) => toSummary(row, viewer.id, row.enrolled)),
  pagination: { total: page.total, limit: query.limit, offset: query.offset },
});
