/**
 * Folds text for search so that spelling variants a reader considers equal compare equal:
 * Arabic diacritics and tatweel are dropped, alef forms become bare alef, taa marbuta becomes haa,
 * alef maqsura becomes yaa; Latin text is lower-cased. The server stores this folded form next to each
 * course and folds the query the same way.
 */
const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

export function foldForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .replace(DIACRITICS, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064A')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
