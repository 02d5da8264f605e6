import { foldForSearch, type CourseSummary, type PageQuery, type Pagination } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AppCaches } from '../../lib/caches.ts';
import { approvedPage, enrolledCourseIds, likePattern, type SummaryPage } from './course-lists.repository.ts';
import { toSummary } from './courses.repository.ts';
import { progressForCourses } from '../learning/completion.service.ts';

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
): Promise<{ data: CourseSummary[]; pagination: Pagination }> {
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
