/**
 * Characters no name, title or description holds: the C0 controls but tab, line feed and carriage
 * return, DEL and the C1 controls (NUL among them). Invisible on a page, they broke a certificate's
 * line or a terminal showing the data (ESC starts its commands), and were stored as sent.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/**
 * A UTF-16 surrogate without its pair: no character at all. Node writes it to a text column as U+FFFD,
 * but PostgreSQL refuses its `\ud800` escape in jsonb, which failed the statement (a 500).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text made of characters: no lone surrogate (`String.prototype.isWellFormed`, not in every browser yet). */
export const wellFormed = (value: string) => !LONE_SURROGATE.test(value);
/** Text a person typed: no control characters and nothing that is not a character. */
export const noControls = (value: string) => !CONTROLS.test(value) && wellFormed(value);
/**
 * The explicit direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): a name
 * shown on a certificate or a course card could be made to read backwards with them ("abc‮gpj.exe",
 * a reviewer). A name needs none: the app isolates each name it shows, and the marks (U+200E, U+200F)
 * stay allowed.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
export const noDirectionControls = (value: string) => !DIRECTION_CONTROLS.test(value);
/**
 * Characters that show nothing on their own: white space and separators, format characters (zero
 * width space and joiners, direction marks, embeddings and isolates, the byte order mark), combining
 * marks without a letter to sit on, and the blank fillers (Hangul, Braille). A title of only these
 * read as empty on every page and certificate, yet passed `min(1)`.
 */
const ONLY_INVISIBLE = /^[\s\p{Z}\p{Cf}\p{M}\u115F\u1160\u2800\u3164\uFFA0]+$/u;
/** Text that is not empty but shows nothing: required fields read it as missing (empty text is `min(1)`'s). */
export const looksBlank = (value: string) => ONLY_INVISIBLE.test(value);
/** Text from elsewhere (an identity provider's names), which cannot be refused: its controls dropped. */
export const withoutControls = (value: string) =>
  value.replace(new RegExp(CONTROLS, 'g'), '').replace(new RegExp(DIRECTION_CONTROLS, 'g'), '');
/** One line: tabs, line breaks and runs of spaces become one space; trimmed. */
export const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
