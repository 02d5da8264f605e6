import type { InjectOptions } from 'fastify';
import type { App } from '../app.ts';
import { CONTENT_TYPES, HOSTILE_VALUES, PARAMS, QUERIES, ROUTES_OUTSIDE_THE_API } from './fuzz-values.ts';

/**
 * Generates malformed requests for the fuzz test (app.fuzz.test.ts): every route the app has, with
 * hostile path parameters, query strings, bodies, content types and headers. Deterministic for a seed.
 */

export interface RouteInfo {
  /** As printRoutes() names it: always one of inject's methods (GET, POST, PATCH, DELETE, HEAD…). */
  method: NonNullable<InjectOptions['method']>;
  /** Full pattern, e.g. `/api/v1/course/:id`. */
  url: string;
}

/** Every route of the app, read from `printRoutes()` (a tree: each line extends its parent's path). */
export function routesOf(app: App): RouteInfo[] {
  const routes: RouteInfo[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    for (const method of match[3]?.split(', ') ?? [])
      routes.push({ method: method as RouteInfo['method'], url: path });
  }
  return routes;
}

/** mulberry32: small, fast and good enough to pick cases reproducibly. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof random>;

/** Real values from the database the fuzz test set up, so that some requests get past validation. */
export interface FuzzContext {
  courseId: string;
  fileId: string;
  resourceId: string;
  quizQuestionId: string;
  existingEmail: string;
  /** Bearer tokens: learner, contributor (owns `courseId`), admin sessions, and a password-reset token. */
  bearers: string[];
}

const BOUNDARY = '----fuzzboundary';

/** Bodies that look right to a route, so a single hostile field reaches its service and database. */
function validBody(url: string, context: FuzzContext, rng: Random): Record<string, unknown> {
  const email = rng.chance(0.3) ? context.existingEmail : `fuzz-${rng.int(1e9)}@example.test`;
  if (url.endsWith('/auth/signup'))
    return {
      firstname: 'Fuzz',
      lastname: 'Tester',
      email,
      password: 'fuzz-secret-password-123',
      passwordConfirm: 'fuzz-secret-password-123',
      role: 'EndUser',
    };
  if (url.endsWith('/auth/login') || url.endsWith('/auth/login-admin'))
    return { email, password: 'fuzz-secret-password-123' };
  if (url.endsWith('/auth/resetpassword'))
    return { password_reset_code: '123456', new_password: 'fuzz-secret-password-123' };
  if (url.endsWith('/auth/googlesignin')) return { role: 'EndUser' };
  if (url.includes('/exercise-score/'))
    return {
      resourceId: context.resourceId,
      quizAnswers: [{ _id: context.quizQuestionId, answer: 'Open data' }],
    };
  return { email };
}

/** A NUL inside one string field of an otherwise valid body: only the database would notice. */
function withNul(body: Record<string, unknown>, rng: Random): Record<string, unknown> {
  const keys = Object.keys(body).filter((key) => typeof body[key] === 'string' && key !== 'email');
  if (keys.length === 0) return { ...body, note: 'a\u0000b' };
  const key = rng.pick(keys);
  return { ...body, [key]: `${String(body[key]).slice(0, 3)}\u0000${String(body[key]).slice(3)}` };
}

function mutate(body: Record<string, unknown>, rng: Random): Record<string, unknown> {
  const keys = Object.keys(body);
  const copy: Record<string, unknown> = { ...body };
  const key =
    rng.chance(0.8) && keys.length > 0 ? rng.pick(keys) : rng.pick(['extra', '__proto__', 'a\u0000']);
  copy[key] = rng.pick(HOSTILE_VALUES);
  return copy;
}

function multipartBody(rng: Random, courseBody: unknown): { payload: Buffer; contentType: string } {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string, filename: string, data: string) =>
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: application/pdf\r\n\r\n${data}\r\n`;
  const pdf = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n';
  const whole = [
    field('body', JSON.stringify(courseBody)),
    file('file', 'notes.pdf', pdf),
    file('cover', 'cover.png', '\x89PNG\r\n\x1a\ngarbage'),
    `--${BOUNDARY}--\r\n`,
  ].join('');
  const variants: (() => string)[] = [
    () => whole,
    () => whole.slice(0, rng.int(whole.length)),
    () => whole.replaceAll(BOUNDARY, `${BOUNDARY}x`),
    () => field('body', '{"title":"a\\u0000b"}') + `--${BOUNDARY}--\r\n`,
    () => field('body', 'a\u0000b') + `--${BOUNDARY}--\r\n`,
    () => field('body', rng.pick(deeplyNested(rng.int(20_000) + 100, '{}'))) + `--${BOUNDARY}--\r\n`,
    () => field('__proto__', '{}') + `--${BOUNDARY}--\r\n`,
    () => Array.from({ length: 20 }, (_, i) => field(`f${i}`, 'x')).join('') + `--${BOUNDARY}--\r\n`,
    () => file('file', 'a\u0000.pdf', pdf) + `--${BOUNDARY}--\r\n`,
    () => file('file', 'big.pdf', 'x'.repeat(120_000)) + `--${BOUNDARY}--\r\n`,
    () => `--${BOUNDARY}\r\ncontent-disposition: garbage\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`,
    () => `--${BOUNDARY}\r\n\r\n\r\n`,
    () => 'not multipart at all',
    () => '',
  ];
  const text = rng.pick(variants)();
  const contentType = rng.pick([
    `multipart/form-data; boundary=${BOUNDARY}`,
    `multipart/form-data; boundary=${BOUNDARY}`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary="unterminated',
    'multipart/mixed; boundary=' + BOUNDARY,
  ]);
  return { payload: Buffer.from(text, 'latin1'), contentType };
}

/** Valid JSON nested far deeper than any body: arrays `levels` deep, as a whole body or in a field. */
function deeplyNested(levels: number, good: string): string[] {
  const deep = '['.repeat(levels) + ']'.repeat(levels);
  return [deep, `{"deep":${deep}${good.length > 2 ? `,${good.slice(1)}` : '}'}`];
}

function jsonText(rng: Random, body: Record<string, unknown>): string {
  const good = JSON.stringify(body);
  return rng.pick([
    ...deeplyNested(rng.int(20_000) + 100, good),
    good,
    good.slice(0, rng.int(good.length)),
    '{',
    '[1,2',
    'nul',
    '"just a string"',
    '[]',
    '123',
    '{"a":"\\ud800"}',
    `{"firstname":"a\\u0000b","email":"x\\u0000@example.test"}`,
    good.replace(/"$/, '\u0000"'),
    '\uFEFF' + good,
    JSON.stringify(mutate(body, rng)),
    JSON.stringify(mutate(mutate(body, rng), rng)),
    JSON.stringify(withNul(body, rng)),
    JSON.stringify(withNul(body, rng)),
  ]);
}

/** Routes that read multipart bodies: they get a contributor's session and multipart bodies more often. */
const UPLOAD_ROUTES = new Set(['POST /api/v1/files', 'POST /api/v1/course/new', 'PATCH /api/v1/course/:id']);

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;

export interface FuzzRequest extends InjectOptions {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  headers: Record<string, string>;
}

/** The `index`-th generated request; `routes` are cycled so that every route gets its share. */
export function fuzzRequest(
  index: number,
  routes: RouteInfo[],
  context: FuzzContext,
  rng: Random,
): FuzzRequest {
  const outside = index % (routes.length + 1) === routes.length;
  const route = outside ? null : routes[index % (routes.length + 1)]!;
  const method = route && rng.chance(0.85) ? route.method : rng.pick(OTHER_METHODS);
  let url = route ? fillParams(route.url, context, rng) : rng.pick(ROUTES_OUTSIDE_THE_API);
  url += rng.pick(QUERIES);

  const upload = route !== null && method === route.method && UPLOAD_ROUTES.has(`${method} ${route.url}`);
  const headers: Record<string, string> = {
    'accept-language': rng.pick(['en', 'ar', 'ar-SA,ar;q=0.9', 'fr', 'garbage;;q=x']),
  };
  // Logout would revoke the sessions the rest of the run needs; it gets forged tokens only.
  const sessions = route?.url.endsWith('/auth/logout') ? [] : context.bearers;
  if (upload && rng.chance(0.8)) headers.authorization = `Bearer ${context.bearers[1]}`;
  else if (rng.chance(0.75))
    headers.authorization = rng.pick([
      ...sessions.map((token) => `Bearer ${token}`),
      'Bearer garbage',
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      'Basic Zm9vOmJhcg==',
      'Bearer ',
    ]);
  if (rng.chance(0.1)) headers['if-none-match'] = rng.pick(['*', '"x"', 'W/"', '']);

  const request: FuzzRequest = { method, url, headers };
  if (method === 'GET' || method === 'HEAD') {
    if (rng.chance(0.1)) request.payload = 'unexpected body';
    return request;
  }
  const body = validBody(route?.url ?? '', context, rng);
  const kind = upload && rng.chance(0.7) ? 5 : rng.int(10);
  if (kind < 4) {
    headers['content-type'] = rng.chance(0.8) ? 'application/json' : rng.pick(CONTENT_TYPES);
    request.payload = jsonText(rng, body);
  } else if (kind < 7) {
    const form = multipartBody(rng, rng.chance(0.5) ? body : mutate({ title: 'Fuzz' }, rng));
    headers['content-type'] = form.contentType;
    request.payload = form.payload;
  } else if (kind < 8) {
    headers['content-type'] = rng.pick(CONTENT_TYPES);
    request.payload = Buffer.from(Array.from({ length: rng.int(2000) }, () => rng.int(256)));
  } else if (kind < 9) {
    headers['content-type'] = rng.pick(['application/json', 'text/plain']);
    request.payload = JSON.stringify({ big: 'x'.repeat(1_000_100) });
  } else if (rng.chance(0.5)) {
    headers['content-type'] = rng.pick(CONTENT_TYPES);
  }
  return request;
}

function fillParams(pattern: string, context: FuzzContext, rng: Random): string {
  return pattern.replace(/:(\w+)/g, () =>
    rng.chance(0.3) ? rng.pick([context.courseId, context.fileId]) : rng.pick(PARAMS),
  );
}
