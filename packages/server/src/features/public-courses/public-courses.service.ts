import { LANGUAGES, type Language } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AppCaches } from '../../lib/caches.ts';
import {
  countPublicCourses,
  findPublicCourse,
  listPublicCourses,
  sitemapEntries,
  type PublicCourse,
} from './public-courses.repository.ts';
import type { CatalogueView } from './public-courses.pages.ts';
import { COURSES_PER_SITEMAP } from './public-courses.sitemap.ts';

export const CATALOGUE_PAGE_SIZE = 24;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page's language: `?lang=en|ar` when given (each language has its own URL), otherwise the
 * browser's Accept-Language (the bare URL, `x-default`). Anything else in `lang` is ignored.
 */
export function pageLanguage(requested: unknown, fromHeader: Language): Language {
  return (LANGUAGES as readonly unknown[]).includes(requested) ? (requested as Language) : fromHeader;
}

/**
 * `?page=` as a whole number from 1 (missing is 1); anything else ("abc", "0", "-1", "1e3", an
 * array) is null. Any number of digits is a page number: one past the last page is "past the end",
 * however large.
 */
export function pageNumber(raw: unknown): number | null {
  if (raw === undefined) return 1;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}

/**
 * How many courses are public, from the exact in-process cache (decisions 019 and 036): any change
 * to a course row notifies and evicts it on every instance.
 */
const publicCourseCount = (db: Db, caches: AppCaches): Promise<number> =>
  caches.publicCount.getOrLoad('all', () => countPublicCourses(db), !caches.usable);

/**
 * What a public page showed when it was last read from the database, and when (decision 158): it
 * stands in for the page while the database cannot answer.
 */
export type PublicCopy =
  | { kind: 'catalogue'; view: CatalogueView; madeAt: number }
  | { kind: 'course'; course: PublicCourse; madeAt: number };

const catalogueCopyKey = (page: number) => `catalogue:${page}`;
const courseCopyKey = (id: string) => `course:${id.toLowerCase()}`;

/**
 * Reads a page's content and keeps it as the page's last copy, unless a change was heard meanwhile. A
 * page that is not there (any more) keeps none: its old copy must not stand in for it.
 */
async function readAndKeep<T>(
  caches: AppCaches,
  key: string,
  read: () => Promise<T>,
  asCopy: (value: T, madeAt: number) => PublicCopy | null,
): Promise<T> {
  const generation = caches.publicCopies.generation;
  const value = await read();
  const copy = asCopy(value, Date.now());
  if (copy) caches.publicCopies.set(key, copy, generation);
  else caches.publicCopies.delete(key);
  return value;
}

/**
 * The last copy of the page at `/courses` (`page` from its query) or `/courses/:id`, if one is kept:
 * for the answer while the database is away.
 */
export function lastCopy(
  caches: AppCaches,
  address: { page: number } | { id: string },
): PublicCopy | undefined {
  const key = 'id' in address ? courseCopyKey(address.id) : catalogueCopyKey(address.page);
  return caches.publicCopies.get(key) as PublicCopy | undefined;
}

/**
 * One catalogue page, or how many pages there are when `page` is past the last (page 1 always
 * exists, if empty).
 */
export async function catalogueView(
  db: Db,
  caches: AppCaches,
  page: number,
): Promise<CatalogueView | { pastTheEnd: true; pages: number }> {
  const offset = (page - 1) * CATALOGUE_PAGE_SIZE;
  return readAndKeep(
    caches,
    catalogueCopyKey(page),
    async () => {
      // Read together, for the page that exists; an offset too large to be exact lists nothing anyway.
      const [total, courses] = await Promise.all([
        publicCourseCount(db, caches),
        Number.isSafeInteger(offset) ? listPublicCourses(db, CATALOGUE_PAGE_SIZE, offset) : [],
      ]);
      const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
      if (page > pages) return { pastTheEnd: true as const, pages };
      return { courses, page, pages, offset };
    },
    (view, madeAt) => ('pastTheEnd' in view ? null : { kind: 'catalogue', view, madeAt }),
  );
}

export async function publicCourse(db: Db, caches: AppCaches, id: string): Promise<PublicCourse | null> {
  if (!UUID.test(id)) return null;
  return readAndKeep(
    caches,
    courseCopyKey(id),
    () => findPublicCourse(db, id),
    (course, madeAt) => (course ? { kind: 'course', course, madeAt } : null),
  );
}

export async function sitemapFileCount(db: Db, caches: AppCaches): Promise<number> {
  return Math.ceil((await publicCourseCount(db, caches)) / COURSES_PER_SITEMAP);
}

/** `courses-3.xml` → its courses, or null for a file name that does not exist. */
export async function sitemapFile(db: Db, name: string) {
  const match = /^([1-9]\d{0,5})\.xml$/.exec(name);
  if (!match) return null;
  const entries = await sitemapEntries(db, COURSES_PER_SITEMAP, (Number(match[1]) - 1) * COURSES_PER_SITEMAP);
  return entries.length > 0 || match[1] === '1' ? entries : null;
}
