import { sql, type SQL } from 'drizzle-orm';

/**
 * `foldForSearch` (@app/shared) as a SQL expression, for text the database folds itself: the users'
 * names and e-mail addresses that the administrators' table searches, kept in the generated column
 * `users.search_text` and copied into each of their courses (decisions 056, 058 and 060; migrations 0006
 * and 0020 hold copies of the expression as it was run). Same steps, same order: NFKC, hyphens and
 * dashes to spaces (decision 174), Arabic diacritics and tatweel dropped, alef forms to bare alef, taa
 * marbuta to haa, alef maqsura to yaa, lower case, runs of white space to one space, trimmed.
 * `fold-for-search.test.ts` holds the two to the same answers on both databases. Lower case is the
 * database's: under a plain `C` locale PostgreSQL lower-cases ASCII letters only (PGlite and the
 * `C.UTF-8` servers here fold «É» too).
 */
export const foldedInSql = (text: SQL): SQL =>
  sql`btrim(regexp_replace(lower(translate(regexp_replace(regexp_replace(normalize(${text}, NFKC), '[-\\u2010-\\u2015\\u2212]', ' ', 'g'), '[\\u0610-\\u061A\\u064B-\\u065F\\u0670\\u06D6-\\u06ED\\u0640]', '', 'g'), 'آأإٱةى', 'ااااهي')), '\\s+', ' ', 'g'))`;
