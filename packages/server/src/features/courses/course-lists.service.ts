import {
  foldForSearch,
  type ContributorCoursesQuery,
  type CourseSearchQuery,
  type CourseSummary,
  type CourseTableQuery,
  type Language,
  type PageQuery,
  type Pagination,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AppCaches } from '../../lib/caches.ts';
import { forbidden } from '../../lib/errors.ts';
import { deflatePiece } from '../../lib/gzip-join.ts';
import { sentAlike, sentJoined } from '../../plugins/compression.ts';
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

/**
 * A catalogue page as cached for every caller: UTF-8 bytes ready to send (decisions 036, 039). Each
 * row's summary head (enrolled rows are finished per caller) and the whole row as a caller who is not
 * enrolled sees it; the page's closing pagination. A hit copies bytes: no string is built or encoded
 * for the rows, which for a 20-course page was most of the route's own cost.
 */
interface CachedCataloguePage {
  rows: { id: string; head: Buffer; notEnrolled: Buffer }[];
  tail: Buffer;
  /** The whole answer for a caller enrolled in none of the rows, once one has asked (decision 051). */
  alike?: Buffer;
  /** Runs of the page between a caller's own fields, deflated once, by `after:upTo` (decision 057). */
  deflatedRuns: Map<string, Buffer>;
}

/** At most this many runs of a page are kept deflated; others are deflated per answer. */
const MAX_DEFLATED_RUNS = 64;

const PAGE_START = Buffer.from('{"success":true,"data":[');
const COMMA = Buffer.from(',');

/**
 * The learner catalogue (`GET /course/approved`) as the response's JSON text, through the in-process
 * caches of decisions 019 and 036: the page is the same for every caller and cached by (search,
 * limit, offset or cursor) as JSON fragments already encoded with the contract's schema, so a hit copies bytes;
 * the caller's `enrolled` flags and progress come from their own cached enrolled ids and
 * progress. All are evicted by change notifications, so an edit, a review action, an enrolment or a
 * completed lesson shows at once. Answers the response's UTF-8 bytes; a caller enrolled in none of the
 * page's courses gets the page's one answer for all such callers, compressed once (decision 051).
 */
export async function cataloguePageJson(
  db: Db,
  caches: AppCaches,
  viewerId: string,
  q: string,
  page: Omit<CourseSearchQuery, 'q'>,
): Promise<Buffer> {
  const pattern = searchPattern(q);
  const shared = (await caches.catalogue.getOrLoad(
    `${page.limit}:${page.offset}:${page.after ?? ''}:${pattern ?? ''}`,
    async (): Promise<CachedCataloguePage> => {
      const { rows, total, offset } = await approvedPage(db, pattern, page);
      const last = rows.at(-1);
      const next = last && offset + rows.length < total ? last.cursor : null;
      const pagination = JSON.stringify({ total, limit: page.limit, offset, next });
      return {
        rows: rows.map((row) => {
          const head = summaryJsonHead(row);
          return {
            id: row.id,
            head: Buffer.from(head),
            notEnrolled: Buffer.from(closeSummaryJson(head, '', false)),
          };
        }),
        tail: Buffer.from(`],"pagination":${pagination}}`),
        deflatedRuns: new Map(),
      };
    },
    !caches.usable,
  )) as CachedCataloguePage;
  const enrolled = shared.rows.length === 0 ? new Set<string>() : await enrolledIdsOf(db, caches, viewerId);
  const onPage = shared.rows.filter((row) => enrolled.has(row.id)).map((row) => row.id);
  if (onPage.length === 0)
    return (shared.alike ??= sentAlike(Buffer.concat(runParts(shared, -1, shared.rows.length))));
  const progress = await progressOf(db, caches, viewerId, enrolled, onPage);
  const ends = new Map(
    onPage.map((id) => {
      const more = `,"progress":${JSON.stringify(progress.get(id) ?? 0)}`;
      return [id, Buffer.from(closeSummaryJson('', viewerId, true, more))] as const;
    }),
  );
  return callersPage(shared, ends);
}

/**
 * A caller's page: the cached rows, each enrolled row's head finished with the caller's fields
 * (`enrolledEnds`, by course id). In bytes, runs of the cached page alternate with the caller's
 * fields; its gzip form joins the same runs, deflated once per page, with the fields (decision 057).
 */
function callersPage(page: CachedCataloguePage, enrolledEnds: ReadonlyMap<string, Buffer>): Buffer {
  const cuts: { after: number; upTo: number; end?: Buffer }[] = [];
  let after = -1;
  page.rows.forEach((row, index) => {
    const end = enrolledEnds.get(row.id);
    if (!end) return;
    cuts.push({ after, upTo: index, end });
    after = index;
  });
  cuts.push({ after, upTo: page.rows.length });
  const bytes = Buffer.concat(
    cuts.flatMap(({ after, upTo, end }) => [...runParts(page, after, upTo), ...(end ? [end] : [])]),
  );
  return sentJoined(bytes, () =>
    cuts.flatMap(({ after, upTo, end }) => [deflatedRun(page, after, upTo), ...(end ? [end] : [])]),
  );
}

/**
 * The page's bytes after row `after`'s caller fields (or from its start, -1) up to row `upTo`'s head
 * (or to its end, the row count); the rows in between as a caller who is not enrolled sees them.
 */
function runParts(page: CachedCataloguePage, after: number, upTo: number): Buffer[] {
  const parts: Buffer[] = after < 0 ? [PAGE_START] : [];
  const separated = (index: number, bytes: Buffer) => {
    if (index > 0) parts.push(COMMA);
    parts.push(bytes);
  };
  page.rows.slice(after + 1, upTo).forEach((row, i) => separated(after + 1 + i, row.notEnrolled));
  const last = page.rows[upTo];
  if (last) separated(upTo, last.head);
  else parts.push(page.tail);
  return parts;
}

/** A run's bytes deflated to join a gzip answer, kept with the page for the first runs asked for. */
function deflatedRun(page: CachedCataloguePage, after: number, upTo: number): { deflated: Buffer } {
  const key = `${after}:${upTo}`;
  let deflated = page.deflatedRuns.get(key);
  if (!deflated) {
    deflated = deflatePiece(Buffer.concat(runParts(page, after, upTo)));
    if (page.deflatedRuns.size < MAX_DEFLATED_RUNS) page.deflatedRuns.set(key, deflated);
  }
  return { deflated };
}

/** The LIKE pattern of a search term, folded as the stored search text is; none without a term. */
const searchPattern = (q = '') => likePattern(q && foldForSearch(q)); // folding '' is not free

/** Every course in the administrators' table order (the route lets administrators only in). */
export async function allCoursesPage(
  db: Db,
  viewer: AuthUser,
  query: CourseTableQuery,
  lang: Language,
): Promise<CoursePage> {
  return pageOf(viewer, await listAll(db, viewer.id, query, searchPattern(query.q), lang), query);
}

/** A contributor's courses except archived ones: that contributor's and the administrators' to read. */
export async function contributorCoursesPage(
  db: Db,
  viewer: AuthUser,
  contributorId: string,
  query: ContributorCoursesQuery,
): Promise<CoursePage> {
  if (!maySeeContributorCourses(viewer, contributorId))
    throw forbidden(coursesMessages.otherContributorsCourses);
  const page = await listByContributor(db, viewer.id, contributorId, query, searchPattern(query.q));
  return pageOf(viewer, page, query);
}

const pageOf = (viewer: AuthUser, page: StaffPage, query: PageQuery): CoursePage => ({
  data: page.rows.map((row) => toSummary(row, viewer.id, row.enrolled)),
  pagination: { total: page.total, limit: query.limit, offset: query.offset },
});
