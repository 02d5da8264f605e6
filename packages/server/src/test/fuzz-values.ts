/** Hostile values for the fuzz test's generator (fuzz-requests.ts). */

const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  '',
  ' ',
  'x'.repeat(10_000),
  'ليلى',
  '\u202Eevil',
  '\uD800',
  '😀'.repeat(50),
  "'; drop table users; --",
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '{"$gt":""}',
  'fuzz-secret-password-123',
];

export const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  true,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  [],
  [null],
  ['a\u0000'],
  {},
  { nested: { deeper: ['\u0000'] } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
];

export const PARAMS = [
  'garbage',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%00',
  'a%00b',
  '%C0%AF',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(300),
  '%D9%84%D9%8A%D9%84%D9%89',
  '%F0%9F%98%80',
  '00000000-0000-4000-8000-000000000000',
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '%27%3B%20drop%20table%20users%3B--',
];

export const QUERIES = [
  '',
  '',
  '?q=%00',
  '?q=a%00b',
  '?q=%ZZ',
  '?q=' + 'x'.repeat(2000),
  '?page=-1&limit=1e309',
  '?a[b][c]=d',
  '?%ZZ=1',
  '?q=%E0%A4%A',
  '?code=fuzz-google-code&state=fuzz-state',
  '?__proto__[polluted]=1',
  // The lists' own parameters, each wrong (a cursor wrong in two ways once answered its error twice).
  '?after=yesterday&limit=ten&offset=-1',
  '?after=99999999999999999999999~00000000-0000-0000-0000-000000000000',
  '?sort=password&order=sideways&status=Lost',
];

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=----fuzz',
  'garbage',
  'application/xml',
  'image/png',
];

export const ROUTES_OUTSIDE_THE_API = [
  '/%ZZ',
  '/verifyemail/%ZZ',
  '/course/%E0%A4%A',
  '/login',
  '/dashboard%00',
  '/assets/%ZZ.js',
  '/assets/app.js',
  '/index.html',
  '/..%2F..%2Fetc%2Fpasswd',
  '/api/v1/%ZZ',
  '/api/v1/nope',
  '/api/docs',
  '/api/v1/',
];
