/**
 * Folds text so that spelling variants a reader considers equal compare equal: Arabic diacritics and
 * tatweel are dropped, alef forms become bare alef, taa marbuta becomes haa, alef maqsura becomes yaa;
 * Latin text is lower-cased; runs of white space become one space. Typed short answers are compared so
 * (`normaliseAnswer`), where a dash can carry meaning ("-5").
 */
const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

/**
 * Hyphen-minus, the Unicode hyphens and dashes (U+2010–2015) and the minus sign: in a search they join
 * or separate words as a space does, so "open-science" finds "Open Science" and the other way round
 * (decision 174). After NFKC, which turns the small and full-width hyphen-minus into the plain one.
 */
const DASHES = /[-\u2010-\u2015\u2212]/g;

export function foldSpelling(text: string): string {
  return foldLetters(text.normalize('NFKC'));
}

/**
 * `foldSpelling` with dashes read as spaces: the form the server stores next to each course (and, in
 * SQL, next to each user: `foldedInSql`) and folds the query to.
 */
export function foldForSearch(text: string): string {
  return foldLetters(text.normalize('NFKC').replace(DASHES, ' '));
}

function foldLetters(normalized: string): string {
  return normalized
    .replace(DIACRITICS, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064A')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
