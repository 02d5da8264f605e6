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
import { closeSummaryJson, summaryJsonHead, toSummary } from './course-views.service.ts';
import { enrolledIdsOf } from './course-snapshots.service.ts';
import { cachedProgress as progressOf } from '../learning/completion.service.ts';
import {
  approvedPage,
  likePattern,
  listAll,
  listByContributor,
  type StaffPage,
} from './course-lists.repository.ts';

/** One page of a course list as the contract shows it. */
export interface CoursePage {
  data: CourseSummary[];
  pagination: Pagination;
}

/** A catalogue page as cached for every caller: each row's summary JSON head (decision 036). */
interface CachedCataloguePage {
  rows: { id: string; head: string }[];
  total: number;
}

/**
 * The learner catalogue (`GET /course/approved`) as the response's JSON text, through the in-process
 * caches of decisions 019 and 036: the page is the same for every caller and cached by (search,
 * limit, offset) as JSON fragments already encoded with the contract's schema, so a hit costs string
 * joins; the caller's `enrolled` flags and progress come from their own cached enrolled ids and
 * progress. All are evicted by change notifications, so an edit, a review action, an enrolment or a
 * completed lesson shows at once.
 */
export async function cataloguePageJson(
  db: Db,
  caches: AppCaches,
  viewerId: string,
  q: string,
  page: PageQuery,
): Promise<string> {
  const pattern = likePattern(foldForSearch(q));
  const shared = (await caches.catalogue.getOrLoad(
    `${page.limit}:${page.offset}:${pattern}`,
    async (): Promise<CachedCataloguePage> => {
      const { rows, total } = await approvedPage(db, pattern, page);
      return { rows: rows.map((row) => ({ id: row.id, head: summaryJsonHead(row) })), total };
    },
    !caches.usable,
  )) as CachedCataloguePage;
  const enrolled = shared.rows.length === 0 ? new Set<string>() : await enrolledIdsOf(db, caches, viewerId);
  const onPage = shared.rows.filter((row) => enrolled.has(row.id)).map((row) => row.id);
  const progress = onPage.length === 0 ? new Map() : await progressOf(db, caches, viewerId, enrolled, onPage);
  const data = shared.rows.map((row) => {
    if (!enrolled.has(row.id)) return closeSummaryJson(row.head, viewerId, false);
    return closeSummaryJson(
      row.head,
      viewerId,
      true,
      `,"progress":${JSON.stringify(progress.get(row.id) ?? 0)}`,
    );
  });
  const pagination = JSON.stringify({ total: shared.total, limit: page.limit, offset: page.offset });
  return `{"success":true,"data":[${data.join(',')}],"pagination":${pagination}}`;
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
