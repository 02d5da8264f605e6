import { foldSpelling } from './arabic.ts';

/**
 * Folds a typed short answer so that the spellings a teacher would accept as the same answer compare
 * equal: `foldSpelling` (case, spaces, Arabic alef/hamza forms, alef maqsura, taa marbuta, tashkeel,
 * tatweel) plus Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits folded to 0–9. Not search's
 * fold: a dash stays ("-5" is not "5"). Digits are folded here and not in search folding because the
 * folded search text is stored per course; changing that fold needs a migration re-folding every row.
 */
export function normaliseAnswer(text: string): string {
  return foldSpelling(text).replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.codePointAt(0)!;
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });
}

/** True when the typed answer matches one of the accepted answers after normalisation. */
export function matchesAcceptedAnswer(typed: string, accepted: readonly string[]): boolean {
  const answer = normaliseAnswer(typed);
  return answer !== '' && accepted.some((candidate) => normaliseAnswer(candidate) === answer);
}
