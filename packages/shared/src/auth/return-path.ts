/**
 * Where a page may send the reader on to (`next`), one rule for the web app and the server.
 *
 * `isSitePath`: a path of this site, nothing else. It starts with one "/" (not "//" nor "/\", which
 * browsers read as another host), and has no backslash (browsers read it as "/") and no control
 * character (a tab or line break inside a URL is dropped by the browser, so `/\t/evil.example` would
 * become `//evil.example`). A scheme (`https://x`, `javascript:`) never starts with "/".
 *
 * `isReturnAfterSignup`: the stricter rule for the way back a sign-up carries in its verification
 * mail (decision 200): a course a learner is served (`/course/:id`, optionally at one lesson
 * `?resource=:id`) or its public page (`/courses/:id`), within `RETURN_PATH_MAX` characters. The
 * address is sent to a mailbox nobody has confirmed yet, so it says nothing but which course.
 */
export const RETURN_PATH_MAX = 200;

// C0 and C1 controls and DEL.
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function isSitePath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    !CONTROL.test(path)
  );
}

const ID = '[A-Za-z0-9_-]{1,64}';
const RETURN_AFTER_SIGNUP = [
  // The course viewer; `/course/add-course` is the authors' form, not a course.
  new RegExp(`^/course/(?!add-course(\\?|$))${ID}(\\?resource=${ID})?$`),
  // The public, server-rendered course page.
  new RegExp(`^/courses/${ID}$`),
];

export function isReturnAfterSignup(path: unknown): path is string {
  return (
    isSitePath(path) &&
    path.length <= RETURN_PATH_MAX &&
    RETURN_AFTER_SIGNUP.some((pattern) => pattern.test(path))
  );
}
