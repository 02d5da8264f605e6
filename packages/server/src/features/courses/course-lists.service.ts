import {
  foldForSearch,
  type ContributorCoursesQuery,
  type CourseSearchQuery,
  type CourseSummary,
  type CourseTableQuery,
  type Language,
  type MyCoursesQuery,
  type PageQuery,
  type Pagination,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AppCaches } from '../../lib/caches.ts';
import { forbidden } from '../../lib/errors.ts';
import { deflatePiece } from '../../lib/gzip-join.ts';
import { kept } from '../../lib/kept.ts';
import { sentAlike, type JoinedAnswer } from '../../plugins/compression.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { coursesMessages } from './courses.messages.ts';
import { maySeeContributorCourses } from './course-access.service.ts';
import { closeSummaryJson, staffSummary, summaryJsonHead, toSummary } from './course-views.service.ts';
import type { SummaryRow } from './courses.repository.ts';
import { enrolledIdsOf } from './course-snapshots.service.ts';
import { cachedProgress as progressOf } from '../learning/completion.service.ts';
import {
  approvedPage,
  joinedCursorsOf,
  joinedPage,
  listAll,
  listByContributor,
  summaryRowsOf,
  textSearch,
  type JoinedPage,
  type StaffCount,
  type StaffPage,
} from './course-lists.repository.ts';

/** One page of a course list as the contract shows it. */
export interface CoursePage {
  data: CourseSummary[];
  pagination: Pagination;
}

/**
 * A catalogue page as cached for every caller: UTF-8 bytes ready to send (decisions 036, 039, 062).
 * `alike` is the whole answer for a caller enrolled in none of its rows; a caller's own answer is runs
 * of it (views, no copy) between their fields, which finish the heads of the rows they are enrolled
 * in. A hit copies bytes once: no string is built or encoded for the rows.
 */
interface CachedCataloguePage {
  alike: Buffer;
  /** Per row, in page order: its course id; where its head ends and where the row ends in `alike`. */
  rows: { id: string; headEnd: number; rowEnd: number }[];
  /** Runs of the page between a caller's own fields, deflated once, by `start:end` (decision 057). */
  deflatedRuns: Map<string, Buffer>;
}

/** At most this many runs of a page are kept deflated; others are deflated per answer. */
const MAX_DEFLATED_RUNS = 64;

/**
 * The learner catalogue (`GET /course/approved`) as the response's JSON text, through the in-process
 * caches of decisions 019 and 036: the page is the same for every caller and cached by (search,
 * limit, offset or cursor) as JSON fragments already encoded with the contract's schema, so a hit copies bytes;
 * the caller's `enrolled` flags and progress come from their own cached enrolled ids and
 * progress. All are evicted by change notifications, so an edit, a review action, an enrolment or a
 * completed lesson shows at once. Answers the response's UTF-8 bytes: a caller enrolled in none of the
 * page's courses gets the page's one answer for all such callers, compressed once (decision 051); one
 * enrolled on the page, their own answer joined from it (decisions 057, 073).
 */
export async function cataloguePageJson(
  db: Db,
  caches: AppCaches,
  viewerId: string,
  q: string,
  page: Omit<CourseSearchQuery, 'q'>,
): Promise<Buffer | JoinedAnswer> {
  const search = searchOf(q);
  const pageKey = `${page.limit}:${page.offset}:${page.after ?? ''}:${search?.by ?? ''}:${search?.value ?? ''}`;
  const shared = (await caches.catalogue.getOrLoad(
    pageKey,
    async (): Promise<CachedCataloguePage> => {
      const { rows, total, offset } = await approvedPage(db, search, page);
      const next = nextCursor(rows, offset, total);
      const pagination = JSON.stringify({ total, limit: page.limit, offset, next });
      return cachedPage(rows, pagination);
    },
    !caches.usable,
  )) as CachedCataloguePage; // the cache knows only its `rows`' ids
  const enrolled = shared.rows.length === 0 ? new Set<string>() : await enrolledIdsOf(db, caches, viewerId);
  const onPage = shared.rows.filter((row) => enrolled.has(row.id)).map((row) => row.id);
  if (onPage.length === 0) return shared.alike;
  const progress = await progressOf(db, caches, viewerId, enrolled, onPage);
  // Their answer is a function of the page, their enrolled ids and their progress alone: kept while
  // those are the same cached entries, it is sent again as the same bytes (decision 149).
  return caches.catalogueAnswers.getOrMake(
    `${viewerId}|${pageKey}`,
    [shared, enrolled, progress],
    () => callersAnswer(shared, viewerId, onPage, progress),
    !caches.usable,
  ) as JoinedAnswer; // the cache holds only what this function keeps there
}

/** A caller's answer from the page: the rows they are enrolled in (`onPage`) end with their fields. */
function callersAnswer(
  shared: CachedCataloguePage,
  viewerId: string,
  onPage: readonly string[],
  progress: ReadonlyMap<string, number>,
): JoinedAnswer {
  // A row's end differs only by its progress, and a learner's courses share few values (0, 100…).
  const endsByProgress = new Map<number, Buffer>();
  const endOf = (value: number) =>
    kept(endsByProgress, value, () =>
      Buffer.from(closeSummaryJson('', viewerId, true, `,"progress":${JSON.stringify(value)}`)),
    );
  return callersPage(shared, new Map(onPage.map((id) => [id, endOf(progress.get(id) ?? 0)] as const)));
}

/** A page as cached: the answer for a caller enrolled in none of its rows, and where each row is in it. */
function cachedPage(rows: SummaryRow[], pagination: string): CachedCataloguePage {
  const notEnrolledEnd = closeSummaryJson('', '', false);
  const text = ['{"success":true,"data":['];
  let bytes = Buffer.byteLength(text[0]!);
  const offsets = rows.map((row, index) => {
    const head = `${index > 0 ? ',' : ''}${summaryJsonHead(row)}`;
    text.push(head, notEnrolledEnd);
    const headEnd = (bytes += Buffer.byteLength(head));
    return { id: row.id, headEnd, rowEnd: (bytes += Buffer.byteLength(notEnrolledEnd)) };
  });
  text.push(`],"pagination":${pagination}}`);
  return { alike: sentAlike(Buffer.from(text.join(''))), rows: offsets, deflatedRuns: new Map() };
}

/**
 * A caller's page: runs of the page's `alike` bytes, each up to the head of a row the caller is
 * enrolled in, then that row's end with the caller's fields (`enrolledEnds`, by course id); the next
 * run resumes after the row's end for a caller enrolled in none. Its gzip form joins the same runs,
 * deflated once per page, with the fields (decision 057).
 */
function callersPage(page: CachedCataloguePage, enrolledEnds: ReadonlyMap<string, Buffer>): JoinedAnswer {
  const runs: { start: number; end: number; caller?: Buffer }[] = [];
  let start = 0;
  for (const row of page.rows) {
    const caller = enrolledEnds.get(row.id);
    if (!caller) continue;
    runs.push({ start, end: row.headEnd, caller });
    start = row.rowEnd;
  }
  runs.push({ start, end: page.alike.length });
  const parts: Buffer[] = [];
  for (const { start, end, caller } of runs) {
    parts.push(page.alike.subarray(start, end));
    if (caller) parts.push(caller);
  }
  return {
    parts,
    pieces: () =>
      runs.flatMap(({ start, end, caller }) => [deflatedRun(page, start, end), ...(caller ? [caller] : [])]),
  };
}

/** The page's bytes from `start` to `end` deflated to join a gzip answer, kept for the first runs. */
function deflatedRun(page: CachedCataloguePage, start: number, end: number): { deflated: Buffer } {
  const key = `${start}:${end}`;
  let deflated = page.deflatedRuns.get(key);
  if (!deflated) {
    deflated = deflatePiece(page.alike.subarray(start, end));
    if (page.deflatedRuns.size < MAX_DEFLATED_RUNS) page.deflatedRuns.set(key, deflated);
  }
  return { deflated };
}

/** A search term folded as the stored search text is, as the statements take it; none without one. */
const searchOf = (q = '') => textSearch(q && foldForSearch(q)); // folding '' is not free

/** Every course in the administrators' table order (the route lets administrators only in). */
export async function allCoursesPage(
  db: Db,
  caches: AppCaches,
  viewer: AuthUser,
  query: CourseTableQuery,
  lang: Language,
): Promise<CoursePage> {
  const page = await listAll(db, viewer.id, query, searchOf(query.q), lang, countedIn(caches));
  return pageOf(viewer, page, query);
}

/** A contributor's courses except archived ones: that contributor's and the administrators' to read. */
export async function contributorCoursesPage(
  db: Db,
  caches: AppCaches,
  viewer: AuthUser,
  contributorId: string,
  query: ContributorCoursesQuery,
): Promise<CoursePage> {
  if (!maySeeContributorCourses(viewer, contributorId))
    throw forbidden(coursesMessages.otherContributorsCourses);
  const page = await listByContributor(
    db,
    viewer.id,
    contributorId,
    query,
    searchOf(query.q),
    countedIn(caches),
  );
  return pageOf(viewer, page, query);
}

/**
 * The caller's own courses (`GET /user/courses`, decision 196): the Approved courses they joined,
 * listed in the catalogue or not, most recently joined first; each row as the catalogue shows it to an
 * enrolled caller (`enrolled_users` their id, `progress` from their cached progress). The list comes
 * from their cached list and the rows cached per course (decision 208), paged here.
 */
export async function joinedCoursesPage(
  db: Db,
  caches: AppCaches,
  viewer: AuthUser,
  query: MyCoursesQuery,
): Promise<CoursePage> {
  const { rows, total, offset } = await joinedPageOf(db, caches, viewer.id, query);
  const onPage = rows.map((row) => row.id);
  const progress =
    onPage.length === 0 ? new Map<string, number>() : await joinedProgress(db, caches, viewer.id, onPage);
  return {
    data: rows.map((row) => ({ ...toSummary(row, viewer.id, true), progress: progress.get(row.id) ?? 0 })),
    pagination: { total, limit: query.limit, offset, next: nextCursor(rows, offset, total) },
  };
}

/**
 * A learner's "My courses" list as `caches.joined` keeps it (decision 208): its order alone, each
 * course's cursor (`<microseconds>~<course id>`); none when longer than `MAX_KEPT_JOINED`. The rows are
 * every learner's one copy per course in `caches.courseRows`.
 */
interface JoinedOrder {
  cursors: readonly string[] | undefined;
}

/**
 * The longest list kept: its pages are sliced from it. A longer one (a learner who joined more courses
 * than anyone reads through) is read by page from the database, with its count, each time.
 */
const MAX_KEPT_JOINED = 200;

/**
 * A page of the learner's list, from the order kept for them and the rows kept per course (decision
 * 208): the page statement and the count cost a WASM call each on PGlite (~1 ms and ~0.7 ms of CPU) and
 * a round trip each on PostgreSQL, where the cached course view costs ~0.1 ms in all. The order is
 * exact as long as it is kept: their enrolments evict it (`e:`), any change to a course or an author
 * empties every list (`c:`, `u:`). A course's row is evicted by the same and by its counter (`n:`), and
 * read again, with the page's other missing rows, in one statement. Without trusted notifications, for
 * a list too long to keep, or when a row no longer says Approved (a change on its way), the page is
 * read from the database.
 */
async function joinedPageOf(
  db: Db,
  caches: AppCaches,
  userId: string,
  query: MyCoursesQuery,
): Promise<JoinedPage> {
  if (!caches.usable) return joinedPage(db, userId, query);
  const order = (await caches.joined.getOrLoad(userId, async (): Promise<JoinedOrder> => {
    const cursors = await joinedCursorsOf(db, userId, MAX_KEPT_JOINED + 1);
    return { cursors: cursors.length > MAX_KEPT_JOINED ? undefined : cursors };
  })) as JoinedOrder; // the cache holds only what this function keeps there
  if (!order.cursors) return joinedPage(db, userId, query);
  const { cursors, total, offset } = pageOfList(order.cursors, query);
  const rows = await courseRowsOf(db, caches, cursors.map(courseOfCursor));
  const listed = rows.every((row) => row?.status === 'Approved');
  if (!listed) return joinedPage(db, userId, query);
  return {
    rows: rows.map((row, index) => ({ ...row!, cursor: cursors[index]! })),
    total,
    offset,
  };
}

/**
 * The courses' summary rows, one object per course shared by every learner's list (`caches.courseRows`),
 * the missing ones read in one statement; `undefined` for a course that no longer exists.
 */
async function courseRowsOf(
  db: Db,
  caches: AppCaches,
  ids: readonly string[],
): Promise<(SummaryRow | undefined)[]> {
  const kept = ids.map((id) => caches.courseRows.get(id) as SummaryRow | undefined);
  const missing = ids.filter((_, index) => !kept[index]);
  if (missing.length === 0) return kept;
  const generation = caches.courseRows.generation; // before the read: a row changed meanwhile is not kept
  const read = new Map((await summaryRowsOf(db, missing)).map((row) => [row.id, row] as const));
  for (const row of read.values()) caches.courseRows.set(row.id, row, generation);
  return ids.map((id, index) => kept[index] ?? read.get(id));
}

/** A kept cursor's course id: what follows its `~`. */
const courseOfCursor = (cursor: string) => cursor.slice(cursor.indexOf('~') + 1);

/**
 * A page of a whole list's cursors as `joinedPage` reads it: from an offset, or after a cursor, where
 * the page's offset is how many rows are at or before the cursor's place (decision 202). The cursors are
 * `<microseconds>~<uuid>`, both exact (integers below 2^53; lowercase uuids, which order as PostgreSQL's
 * bytes do), so the place compares as the statement's row values do.
 */
function pageOfList(
  cursors: readonly string[],
  query: MyCoursesQuery,
): { cursors: readonly string[]; total: number; offset: number } {
  let offset = query.offset;
  if (query.after !== undefined) {
    const place = cursorPlace(query.after);
    const firstAfter = cursors.findIndex((cursor) => listedAfter(cursorPlace(cursor), place));
    offset = firstAfter === -1 ? cursors.length : firstAfter;
  }
  return { cursors: cursors.slice(offset, offset + query.limit), total: cursors.length, offset };
}

const cursorPlace = (cursor: string) => {
  const [micros = '', id = ''] = cursor.split('~');
  return { micros: Number(micros), id };
};

/** Whether place `a` is listed after place `b`, newest first: `(time, id) < (time, id)`, as the statement tests. */
const listedAfter = (a: { micros: number; id: string }, b: { micros: number; id: string }) =>
  a.micros < b.micros || (a.micros === b.micros && a.id < b.id);

/**
 * The caller's progress in the page's courses, from the progress cache the catalogue reads. Its entry
 * covers every course of their cached enrolled ids; the page's own ids are added, so that an
 * enrolment the database already shows and the cache has not yet heard of still gets its figure.
 */
async function joinedProgress(
  db: Db,
  caches: AppCaches,
  viewerId: string,
  onPage: readonly string[],
): Promise<ReadonlyMap<string, number>> {
  const enrolled = await enrolledIdsOf(db, caches, viewerId);
  const ids = onPage.every((id) => enrolled.has(id)) ? enrolled : new Set([...enrolled, ...onPage]);
  return progressOf(db, caches, viewerId, ids, onPage);
}

/**
 * A staff list's total through the cache (decision 072): counting a term's matches costs a pass over
 * every match, the same for each page, sort and caller of that search, while the page itself reads
 * only its rows through the order's index.
 */
const countedIn =
  (caches: AppCaches): StaffCount =>
  (key, count) =>
    caches.staffCounts.getOrLoad(key, count, !caches.usable);

/** What a page gives as `pagination.next`: its last row's cursor, or null on the list's last page. */
const nextCursor = (rows: readonly { cursor: string }[], offset: number, total: number): string | null => {
  const last = rows.at(-1);
  return last && offset + rows.length < total ? last.cursor : null;
};

const pageOf = (viewer: AuthUser, page: StaffPage, query: PageQuery): CoursePage => ({
  // The staff lists: the administrators' and a contributor's own, so the reviewer's note goes along.
  data: page.rows.map((row) => staffSummary(row, viewer.id, row.enrolled)),
  pagination: { total: page.total, limit: query.limit, offset: query.offset },
});
