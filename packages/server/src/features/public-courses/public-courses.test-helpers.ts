import { expect } from 'vitest';

/** Shared by the public pages' tests (not a test file itself). */

/** What a page says about itself rather than what it is: everything else is a security header. */
const REPRESENTATION = new Set([
  'content-type',
  'content-length',
  'cache-control',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'retry-after',
  'x-request-id', // this answer's own
]);
export const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !REPRESENTATION.has(name)));

/** An error page of the public pages: HTML in `lang`, not indexed, never the API's envelope. */
export function expectErrorPage(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  lang: 'en' | 'ar',
  heading: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.body).toMatch(
    new RegExp(`^<!doctype html>\\s*<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`),
  );
  expect(response.body).toContain('<meta name="robots" content="noindex" />');
  expect(response.body).toContain(`<h1>${heading}</h1>`);
  for (const internal of ['success', 'BAD_REQUEST', 'DATABASE_UNAVAILABLE', 'FST_', 'Error'])
    expect(response.body, internal).not.toContain(internal);
}
