import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ROLE_AR,
  type CourseSearchQuery,
  type CourseSort,
  type CourseTableQuery,
  type Language,
  type MyCoursesQuery,
  type PageQuery,
} from '@app/shared';
import { preparedFor } from '../../db/prepared.ts';
import { kept } from '../../lib/kept.ts';
import type { Db } from '../../db/client.ts';
import { courses, enrollments, users } from '../../db/schema.ts';
import { summaryColumns, withCallerSelect, type SummaryRow } from './courses.repository.ts';

/**
 * The paged course lists (decision 018): limit/offset over a stable order (ties broken by id), or for
 * the catalogue also a cursor (decision 055), plus the count of the whole list; each searched by `q`
 * (decision 056), the administrators' table also by contributor. Their sorts read courses and their
 * authors only, never enrolments; the one list ordered by enrolments is a learner's own courses, read
 * from that learner's enrolments alone (`joinedPage`, decision 196).
 */

/**
 * `?q=` on every list: the stored folded titles, descriptions and author against the term, folded the
 * same way (`textSearch`). A term of three characters or more is a LIKE pattern the text's trigram
 * index serves (decision 058; `like`, not `ilike`, which lowered every row's text again). A shorter
 * term holds no trigram, so the index would be read whole for it, and a plan kept for the statement
 * does read it (decision 063): it is matched by `strpos` instead, which no index serves, so
 * PostgreSQL scans the courses. Without a term the lists run statements without a filter: even
 * `like '%'` read every course's text (2 ms per statement at 1,000 courses).
 */
export interface TextSearch {
  /** `trigrams`: `value` is a LIKE pattern; `scan`: `value` is the folded term itself. */
  by: 'trigrams' | 'scan';
  value: string;
}

/** How a list's statement filters by the term: one statement per kind, without a term included. */
type TermKind = TextSearch['by'] | 'noTerm';
const termKind = (search: TextSearch | undefined): TermKind => search?.by ?? 'noTerm';

/** Terms shorter than this hold no trigram. */
const TRIGRAM = 3;

/**
 * A folded search term as the lists' statements take it, or `undefined` for no term (every course
 * matches). In a LIKE pattern `%`, `_` and `\` in the user's text match themselves, not as wildcards.
 */
export function textSearch(folded: string): TextSearch | undefined {
  if (!folded) return undefined;
  if ([...folded].length < TRIGRAM) return { by: 'scan', value: folded };
  return { by: 'trigrams', value: `%${folded.replace(/[\\%_]/g, (char) => `\\${char}`)}%` };
}

const term = sql.placeholder('term');
const matching = (column: AnyPgColumn) => ({
  trigrams: sql`${column} like ${term}`,
  scan: sql`strpos(${column}, ${term}) > 0`,
});
const searchMatch = matching(courses.searchText);

const listedInCatalogue = and(eq(courses.status, 'Approved'), eq(courses.isAvailable, true));

/**
 * The place a cursor names (decisions 055, 202): a time in microseconds since 1970 (exact: PostgreSQL's
 * `extract` gives a numeric, and a float8 holds every integer up to 2^53, ~ the year 2255) and an id.
 */
const cursorPlace = sql`(timestamptz 'epoch' + ${sql.placeholder('afterMicros')}::float8 * interval '1 microsecond', ${sql.placeholder('afterId')}::uuid)`;

/** A list ordered newest first by `time`, ties by `id`, as a row value; what its cursors need. */
const cursorOrder = (time: AnyPgColumn, id: AnyPgColumn) => {
  const key = sql`(${time}, ${id})`;
  return {
    /** The order itself, for `orderBy`. */
    newestFirst: [desc(time), desc(id)] as const,
    /** Each row's own cursor: where the page after it starts. */
    cursor: sql<string>`(extract(epoch from ${time}) * 1000000)::bigint || '~' || ${id}`,
    /** The rows after the cursor's place. */
    after: sql`${key} < ${cursorPlace}`,
    /** How many rows are at or before the cursor's place: the page's offset. */
    before: sql<number>`(count(*) filter (where ${key} >= ${cursorPlace}))::int`,
  };
};

/** The catalogue's order (decision 055): the update time and the id. */
const catalogueOrder = cursorOrder(courses.updatedAt, courses.id);

/** Each row with its own cursor. */
const catalogueSelect = (db: Db) =>
  db
    .select({ ...summaryColumns, cursor: catalogueOrder.cursor })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.createdBy));

/** The catalogue's statements over the courses `where` lists; `name` tells the two sets apart. */
const catalogueStatements = (db: Db, where: SQL | undefined, name: string) => ({
  page: catalogueSelect(db)
    .where(where)
    .orderBy(...catalogueOrder.newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`courses_${name}_page`),
  pageAfter: catalogueSelect(db)
    .where(and(where, catalogueOrder.after))
    .orderBy(...catalogueOrder.newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare(`courses_${name}_after`),
  count: db
    .select({ total: sql<number>`count(*)::int` })
    .from(courses)
    .where(where)
    .prepare(`courses_${name}_count`),
  // With a cursor the page's offset is the courses still listed at or before the cursor's place.
  countAfter: db
    .select({
      total: sql<number>`count(*)::int`,
      before: catalogueOrder.before,
    })
    .from(courses)
    .where(where)
    .prepare(`courses_${name}_count_after`),
});

/**
 * A learner's own courses (decision 196) are read from their enrolments: one range of the enrolments'
 * primary key (`user_id = $1`), then each course probed by its primary key. The course is a lateral
 * subquery with a `limit`, which PostgreSQL cannot fold into the join, and its status is tested outside
 * it, so no plan can start from the courses nor read them through another index (on small tables it
 * did: every Approved course through `courses_catalog_idx`, each probed in the enrolments), and the
 * cost grows with this learner's enrolments alone, never with the other
 * learners' nor with the catalogue. The courses kept are those `studyVerdict` lets an enrolled
 * learner study: Approved, in the catalogue or taken out of it (decision 104).
 */
const { ownerId: _ownerId, ...courseOfSummary } = summaryColumns;
const joinedCourse = (db: Db) =>
  db
    .select({ ...courseOfSummary, ownerId: sql<string>`${users.id}`.as('owner_id') })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.createdBy))
    .where(eq(courses.id, enrollments.courseId))
    .limit(1)
    .as('joined_course');

const ofLearner = eq(enrollments.userId, sql.placeholder('userId'));

/** A learner's order by enrolment, newest joined first, ties by course id (decision 202). */
const joinedOrder = cursorOrder(enrollments.createdAt, enrollments.courseId);

/**
 * The rows of `joinedPage`, each with its cursor, of the caller's enrolments that `where` keeps
 * (values: `userId`, and those of `where`); exported for its plan's test.
 */
const joinedSelect = (db: Db, where?: SQL) => {
  const course = joinedCourse(db);
  const columns = Object.fromEntries(
    Object.keys(summaryColumns).map((key) => [key, course[key as keyof typeof summaryColumns]]),
  ) as { [K in keyof typeof summaryColumns]: (typeof course)[K] };
  return db
    .select({
      ...columns,
      cursor: joinedOrder.cursor,
    })
    .from(enrollments)
    .crossJoinLateral(course)
    .where(and(ofLearner, eq(course.status, 'Approved'), where))
    .orderBy(...joinedOrder.newestFirst)
    .limit(sql.placeholder('limit'));
};

/** The page of `joinedPage` from an offset (values: `userId`, `limit`, `offset`); exported for its plan's test. */
export const joinedRows = (db: Db) => joinedSelect(db).offset(sql.placeholder('offset'));

/**
 * The page of `joinedPage` after a cursor (values: `userId`, `limit`, `afterMicros`, `afterId`);
 * exported for its plan's test.
 */
export const joinedRowsAfter = (db: Db) => joinedSelect(db, joinedOrder.after);

/** Each enrolment's course as the count and the order read it: its status alone. */
const joinedStatus = (db: Db) =>
  db
    .select({ status: courses.status })
    .from(courses)
    .where(eq(courses.id, enrollments.courseId))
    .limit(1)
    .as('joined_course');

/** The count of `joinedPage`'s list, with `columns` besides its total. */
const joinedCountSelect = <T extends Record<string, SQL>>(db: Db, columns: T) => {
  const course = joinedStatus(db);
  return db
    .select({ total: sql<number>`count(*)::int`, ...columns })
    .from(enrollments)
    .crossJoinLateral(course)
    .where(and(ofLearner, eq(course.status, 'Approved')));
};

/**
 * `joinedPage`'s list as its cursors alone, in its order (values: `userId`, `limit`; decision 208):
 * the same range and probes as its count; exported for its plan's test.
 */
export const joinedCursors = (db: Db) => {
  const course = joinedStatus(db);
  return db
    .select({ cursor: joinedOrder.cursor })
    .from(enrollments)
    .crossJoinLateral(course)
    .where(and(ofLearner, eq(course.status, 'Approved')))
    .orderBy(...joinedOrder.newestFirst)
    .limit(sql.placeholder('limit'));
};

/**
 * Courses' summary rows by id (value: `ids`, comma-separated uuids), one probe of the courses' primary
 * key each; exported for its plan's test.
 */
export const summaryRowsOfIds = (db: Db) =>
  db
    .select(summaryColumns)
    .from(courses)
    .innerJoin(users, eq(users.id, courses.createdBy))
    .where(sql`${courses.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`);

/** The count of `joinedPage` (value: `userId`); exported for its plan's test. */
export const joinedCount = (db: Db) => joinedCountSelect(db, {});

/**
 * The count of `joinedPage` and how many are at or before a cursor (values: `userId`, `afterMicros`,
 * `afterId`), the page's offset; exported for its plan's test.
 */
export const joinedCountAfter = (db: Db) => joinedCountSelect(db, { before: joinedOrder.before });

const queries = preparedFor((db: Db) => ({
  catalogue: {
    noTerm: catalogueStatements(db, listedInCatalogue, 'approved'),
    trigrams: catalogueStatements(db, and(listedInCatalogue, searchMatch.trigrams), 'approved_trigrams'),
    scan: catalogueStatements(db, and(listedInCatalogue, searchMatch.scan), 'approved_scan'),
  } satisfies Record<TermKind, ReturnType<typeof catalogueStatements>>,
  enrolledIds: db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(eq(enrollments.userId, sql.placeholder('userId')))
    .prepare('courses_enrolled_ids'),
  joined: {
    page: joinedRows(db).prepare('courses_joined_page'),
    pageAfter: joinedRowsAfter(db).prepare('courses_joined_after'),
    count: joinedCount(db).prepare('courses_joined_count'),
    countAfter: joinedCountAfter(db).prepare('courses_joined_count_after'),
    cursors: joinedCursors(db).prepare('courses_joined_cursors'),
  },
  summaryRows: summaryRowsOfIds(db).prepare('courses_summary_rows'),
}));

/** A catalogue page: its rows with their cursors, where it starts, and the whole list's count. */
export interface CataloguePage {
  rows: (SummaryRow & { cursor: string })[];
  total: number;
  offset: number;
}

/**
 * A page of the learner catalogue, newest update first, from an offset or after a cursor; the same
 * for every caller (it is cached).
 */
export async function approvedPage(
  db: Db,
  search: TextSearch | undefined,
  page: Omit<CourseSearchQuery, 'q'>,
): Promise<CataloguePage> {
  const statements = queries(db).catalogue[termKind(search)];
  return pageBy(statements, { term: search?.value }, page);
}

/** The four statements of a list paged by offset or after a cursor. */
interface CursorStatements<Row> {
  page: { execute(values: Record<string, unknown>): Promise<Row[]> };
  pageAfter: { execute(values: Record<string, unknown>): Promise<Row[]> };
  count: { execute(values: Record<string, unknown>): Promise<{ total: number }[]> };
  countAfter: { execute(values: Record<string, unknown>): Promise<{ total: number; before: number }[]> };
}

/**
 * A page from an offset or after a cursor, and the list's count; with a cursor the page's offset is
 * how many of the list are at or before the cursor's place (decision 055).
 */
async function pageBy<Row>(
  statements: CursorStatements<Row>,
  values: Record<string, unknown>,
  page: { limit: number; offset: number; after?: string },
): Promise<{ rows: Row[]; total: number; offset: number }> {
  if (page.after === undefined) {
    const [rows, [count]] = await Promise.all([
      statements.page.execute({ ...values, limit: page.limit, offset: page.offset }),
      statements.count.execute(values),
    ]);
    return { rows, total: count?.total ?? 0, offset: page.offset };
  }
  const [afterMicros, afterId] = page.after.split('~');
  const placed = { ...values, afterMicros, afterId };
  const [rows, [count]] = await Promise.all([
    statements.pageAfter.execute({ ...placed, limit: page.limit }),
    statements.countAfter.execute(placed),
  ]);
  return { rows, total: count?.total ?? 0, offset: count?.before ?? 0 };
}

/** The ids of the courses a user is enrolled in (one index range on the enrolments' primary key). */
export async function enrolledCourseIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await queries(db).enrolledIds.execute({ userId });
  return new Set(rows.map((row) => row.courseId));
}

/** A page of the courses a learner joined, with their cursors, where it starts, and how many they are. */
export type JoinedPage = CataloguePage;

/**
 * A page of the Approved courses `userId` is enrolled in, most recently joined first (ties broken by
 * course id), from an offset or after a cursor (decision 202), and their count (decision 196). Both
 * read one range of the enrolments' primary key (that user's rows) and probe each course by its key:
 * the cost grows with the user's own enrolments, never with the other learners'. The page is sorted
 * after the range is read (no index holds the enrolments by user and time), which a learner's few
 * hundred courses at most make cheap.
 */
export async function joinedPage(db: Db, userId: string, page: MyCoursesQuery): Promise<JoinedPage> {
  return pageBy(queries(db).joined, { userId }, page);
}

/**
 * The cursors of the first `limit` rows of `joinedPage`'s list, in its order, without its count: the
 * whole list when it is shorter (the service keeps it, decision 208). Each ends with its course's id.
 */
export async function joinedCursorsOf(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await queries(db).joined.cursors.execute({ userId, limit });
  return rows.map((row) => row.cursor);
}

/** The summary rows of the courses `ids` (not empty) that exist, in no particular order. */
export function summaryRowsOf(db: Db, ids: readonly string[]): Promise<SummaryRow[]> {
  return queries(db).summaryRows.execute({ ids: ids.join(',') });
}

/** A page of a staff list: the rows carry the caller's own `enrolled` flag. */
export interface StaffPage {
  rows: (SummaryRow & { enrolled: boolean })[];
  total: number;
}

type Direction = 'asc' | 'desc';
const ordered = (direction: Direction, column: SQL | AnyPgColumn) =>
  direction === 'asc' ? asc(column) : desc(column);

/** What the administrators' table sorts on, as the caller reads it (Arabic titles and role names). */
function sortExpression(sort: CourseSort, lang: Language): SQL | AnyPgColumn {
  switch (sort) {
    case 'updatedAt':
      return courses.updatedAt;
    case 'title':
      return lang === 'ar' ? sql`coalesce(nullif(${courses.titleTr}, ''), ${courses.title})` : courses.title;
    case 'contributor':
      return sql`${users.firstname} || ' ' || ${users.lastname}`;
    case 'role':
      return lang === 'ar'
        ? sql`case ${users.role} ${sql.join(
            Object.entries(ROLE_AR).map(([role, name]) => sql`when ${role} then ${name}`),
            sql` `,
          )} end`
        : users.role;
    case 'email':
      return users.email;
    case 'status':
      return courses.status;
  }
}

/**
 * With a term, the administrators' table also finds a course by its contributor's name or e-mail
 * address (the table's own columns), which the database copies folded into each course (decision 060):
 * with both texts on the course row PostgreSQL answers from the two trigram indexes (a bitmap `or`);
 * looking the contributors up in `users` in each statement kept it on a scan of every course.
 */
const contributorMatch = matching(courses.creatorSearchText);
const tableSearch = {
  trigrams: or(searchMatch.trigrams, contributorMatch.trigrams),
  scan: or(searchMatch.scan, contributorMatch.scan),
};
const ofStatus = eq(courses.status, sql.placeholder('status'));
const ofContributor = and(
  eq(courses.createdBy, sql.placeholder('contributorId')),
  ne(courses.status, 'Archived'),
);

/**
 * The staff lists, each a fixed filter and how a term searches it; the values (and the term) are
 * statement parameters.
 */
const STAFF_LISTS = {
  all: { where: undefined, search: tableSearch },
  ofStatus: { where: ofStatus, search: tableSearch },
  byContributor: { where: ofContributor, search: searchMatch },
} satisfies Record<string, { where: SQL | undefined; search: Record<TextSearch['by'], SQL | undefined> }>;

/** A staff list's filter with or without a term: a statement of its own each (decision 058). */
interface StaffFilter {
  list: keyof typeof STAFF_LISTS;
  by: TermKind;
}

const filterSql = ({ list, by }: StaffFilter) => {
  const { where, search } = STAFF_LISTS[list];
  return by === 'noTerm' ? where : and(where, search[by]);
};

interface StaffOrder {
  sort: CourseSort;
  order: Direction;
  lang: Language;
}

const rowsStatement = (db: Db, filter: StaffFilter, order: StaffOrder, name: string) =>
  withCallerSelect(db)
    .where(filterSql(filter))
    .orderBy(ordered(order.order, sortExpression(order.sort, order.lang)), ordered(order.order, courses.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);

const countStatement = (db: Db, filter: StaffFilter, name: string) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(courses)
    .where(filterSql(filter))
    .prepare(name);

/**
 * The staff lists' prepared statements per database handle, built on first use (decision 052): a page
 * statement per (filter, sort, direction, language) — at most 6 × 6 × 2 × 2 for the administrators'
 * table (with and without a status; without a term, with a trigram pattern, with a short term), three
 * for a contributor's list — and a count statement per filter. Built per request, these
 * queries cost the staff lists half their time (query building in node, planning in PostgreSQL).
 */
const staffStatements = preparedFor(() => ({
  rows: new Map<string, ReturnType<typeof rowsStatement>>(),
  counts: new Map<string, ReturnType<typeof countStatement>>(),
}));

/**
 * How a staff list's count is read: `count()` runs the statement; `key` names the list, its filter
 * values and the term, the same for every page, sort and caller (the service caches by it).
 */
export type StaffCount = (key: string, count: () => Promise<number>) => Promise<number>;

async function staffPage(
  db: Db,
  list: StaffFilter['list'],
  search: TextSearch | undefined,
  values: { callerId: string; status?: string; contributorId?: string },
  order: StaffOrder,
  page: PageQuery,
  counted: StaffCount,
): Promise<StaffPage> {
  const filter: StaffFilter = { list, by: termKind(search) };
  const statements = staffStatements(db);
  const named = `courses_staff_${list}_${filter.by}`;
  const rowsName = `${named}_${order.sort}_${order.order}_${order.lang}`;
  const countName = `${named}_count`;
  const parameters = { ...values, term: search?.value };
  // The count statement's name says the list and the term's kind; the caller is not in it.
  const countKey = [countName, values.status, values.contributorId, search?.value].join(':');
  const [rows, total] = await Promise.all([
    kept(statements.rows, rowsName, () => rowsStatement(db, filter, order, rowsName)).execute({
      ...parameters,
      limit: page.limit,
      offset: page.offset,
    }),
    counted(countKey, async () => {
      const statement = kept(statements.counts, countName, () => countStatement(db, filter, countName));
      const [count] = await statement.execute(parameters);
      return count?.total ?? 0;
    }),
  ]);
  return { rows: rows.map((row) => ({ ...row, enrolled: Boolean(row.enrolled) })), total };
}

/** Every course (administrators), in the table's order, optionally of one status, matching `search`. */
export function listAll(
  db: Db,
  viewerId: string,
  query: CourseTableQuery,
  search: TextSearch | undefined,
  lang: Language,
  counted: StaffCount,
) {
  const order = { sort: query.sort, order: query.order, lang };
  return query.status
    ? staffPage(db, 'ofStatus', search, { callerId: viewerId, status: query.status }, order, query, counted)
    : staffPage(db, 'all', search, { callerId: viewerId }, order, query, counted);
}

/** A contributor's courses except archived ones matching `search`, most recently updated first. */
export function listByContributor(
  db: Db,
  viewerId: string,
  contributorId: string,
  page: PageQuery,
  search: TextSearch | undefined,
  counted: StaffCount,
) {
  const order = { sort: 'updatedAt', order: 'desc', lang: 'en' } as const;
  return staffPage(db, 'byContributor', search, { callerId: viewerId, contributorId }, order, page, counted);
}
