import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  describeIssue,
  issuePath,
  typeIssueKeys,
  type ErrorCode,
  type ErrorEnvelope,
  type Language,
} from '@app/shared';
import { AppError, BodyValidationError } from '../lib/errors.ts';
import { common, validationMessages } from '../lib/common.messages.ts';
import { languageFromHeader, localize, type Localized } from '../lib/localize.ts';
import { answeredAtEdge } from './http-edges.ts';
import {
  FOREIGN_KEY_VIOLATION,
  constraintOf,
  databaseRecovery,
  isDatabaseUnavailable,
  isTransactionConflict,
  quietWarning,
  sqlStateOf,
} from '../db/availability.ts';

/** What the client is told: status, stable code, message (and field errors for validation). */
interface Answer {
  status: number;
  code: ErrorCode;
  message: Localized;
  params?: Record<string, string | number>;
  errors?: (lang: Language) => NonNullable<ErrorEnvelope['errors']>;
  course?: ErrorEnvelope['course'];
  /** A transaction that lost a race (deadlock, serialization failure): retried soon, logged as a warning. */
  conflict?: boolean;
  /** A row the request refers to was gone at its write (a foreign key violation): 404, logged as a warning. */
  gone?: boolean;
}

/**
 * Fastify's and @fastify/multipart's own errors (parsing, limits, content type), so that none
 * reaches a client in Fastify's shape.
 */
const FRAMEWORK_ERRORS: Record<string, (maxUpload: number) => Answer> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({ status: 400, code: 'INVALID_JSON', message: common.invalidJson }),
  FST_ERR_CTP_BODY_TOO_LARGE: () => ({
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: common.payloadTooLarge,
  }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => ({
    status: 400,
    code: 'BAD_REQUEST',
    message: common.badRequest,
  }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => unsupportedMediaType,
  FST_ERR_CTP_INVALID_TYPE: () => unsupportedMediaType,
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => unsupportedMediaType,
  FST_ERR_BAD_URL: () => ({ status: 400, code: 'BAD_REQUEST', message: common.badUrl }),
  FST_ERR_MAX_PARAM_LENGTH: () => ({ status: 414, code: 'BAD_REQUEST', message: common.badUrl }),
  FST_REQ_FILE_TOO_LARGE: fileTooLarge,
  // A second file (or more parts than allowed) is a form of the wrong shape, not a large file.
  FST_PARTS_LIMIT: () => extraFormParts,
  FST_FILES_LIMIT: () => extraFormParts,
  FST_FIELDS_LIMIT: () => ({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: common.payloadTooLarge }),
  FST_PROTO_VIOLATION: () => ({ status: 400, code: 'BAD_REQUEST', message: common.badMultipart }),
};

const unsupportedMediaType: Answer = {
  status: 415,
  code: 'UNSUPPORTED_FILE_TYPE',
  message: common.unsupportedMediaType,
};

const extraFormParts: Answer = { status: 400, code: 'BAD_REQUEST', message: common.extraFormParts };

function fileTooLarge(maxUpload: number): Answer {
  return { status: 413, code: 'FILE_TOO_LARGE', message: common.fileTooLarge, params: { max: maxUpload } };
}

/**
 * Addresses that are pages for people and crawlers, not API calls (the public course pages): a
 * feature answers their errors as its own pages. The status, `Retry-After` and log line are decided
 * here as for every other error; only the body differs. Kept on the root instance, because errors
 * found while routing know no route, only the server.
 */
export interface ErrorPages {
  /** From the method and address alone: an error found while routing has no route. */
  claims(request: FastifyRequest): boolean;
  /** `routed` is false for an error found while routing: Fastify runs no hook on that answer. */
  send(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer, routed: boolean): unknown;
}

export interface PageAnswer {
  status: number;
  code: ErrorCode;
}

declare module 'fastify' {
  interface FastifyInstance {
    errorPages: ErrorPages[];
  }
}

export function answerErrorsAsPages(app: FastifyInstance, pages: ErrorPages): void {
  app.errorPages.push(pages);
}

/** Expected outages, each logged as one quiet warning at a time (see `quietWarning`). */
interface Warnings {
  unavailable: (log: FastifyBaseLogger, error: unknown) => void;
  upstream: ReturnType<typeof quietWarning>;
}

/** One JSON shape for every error (api.md "Envelope"), in the caller's language, never with internals. */
export function registerErrorHandler(app: FastifyInstance) {
  // zod's issues carry no input: this map tells "wrong type" from "required" (see there). Global to
  // zod, set where issues become messages.
  z.config({ customError: typeIssueKeys });
  app.decorate('errorPages', [] as ErrorPages[]);
  // Each app its own: two apps in one process (tests, a second instance) would hold back each
  // other's warnings if it were the module's.
  const warnUnavailable = quietWarning('database unavailable; answering 503 until it is back');
  const away = databaseRecovery(() => app.db.execute(sql`select 1`), app.log);
  app.addHook('onClose', async () => away.close());
  const warnings: Warnings = {
    unavailable: (log, error) => {
      warnUnavailable(log, error);
      away.refused();
    },
    upstream: quietWarning('upstream service unavailable; answering 502/503 until it is back'),
  };
  app.setErrorHandler((error: FastifyError, request, reply) =>
    sendAnswer(request, reply, error, answerFor(error, app.env.MAX_UPLOAD_BYTES), warnings),
  );
}

/**
 * Fastify's `frameworkErrors` option: errors found while routing (a path with bad percent-encoding,
 * an over-long parameter) happen before any hook, so the language is read here.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.lang = languageFromHeader(request.headers['accept-language']);
  void reply.header('x-request-id', request.id); // the first hook, which sets it, has not run
  const maxUpload = (request.server as Partial<FastifyInstance>).env?.MAX_UPLOAD_BYTES ?? 0;
  void sendAnswer(request, reply, error, answerFor(error, maxUpload), undefined, false);
}

function answerFor(error: FastifyError, maxUpload: number): Answer {
  if (error instanceof BodyValidationError) {
    return {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: common.validationFailed,
      errors: (lang) =>
        fieldErrors(
          lang,
          error.issues.map((issue) => ({
            path: [error.prefix, issuePath(issue)].filter(Boolean).join('.'),
            issue,
          })),
        ),
    };
  }
  if (error instanceof AppError)
    return {
      status: error.statusCode,
      code: error.code,
      message: error.localized,
      params: error.params,
      course: error.more.course,
    };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: common.validationFailed,
      errors: (lang) =>
        fieldErrors(
          lang,
          error.validation.map((issue) => {
            const zodIssue = {
              ...issue.params,
              code: issue.keyword,
              message: issue.message,
              path: [],
            } as unknown as z.core.$ZodIssue;
            const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
            return { path, issue: zodIssue };
          }),
        ),
    };
  }
  const known =
    typeof error.code === 'string' && Object.hasOwn(FRAMEWORK_ERRORS, error.code)
      ? FRAMEWORK_ERRORS[error.code]
      : undefined;
  if (known) return known(maxUpload);
  const status = error.statusCode;
  if (status === 429) return { status, code: 'RATE_LIMITED', message: common.rateLimited };
  if (status === 404) return { status, code: 'NOT_FOUND', message: common.notFound };
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE', message: common.payloadTooLarge };
  if (status === 415) return unsupportedMediaType;
  if (status && status >= 400 && status < 500)
    return { status, code: 'BAD_REQUEST', message: common.badRequest };
  if (isDatabaseUnavailable(error))
    return { status: 503, code: 'DATABASE_UNAVAILABLE', message: common.databaseUnavailable };
  if (isTransactionConflict(error))
    return { status: 503, code: 'DATABASE_UNAVAILABLE', message: common.databaseUnavailable, conflict: true };
  if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION)
    return { status: 404, code: 'NOT_FOUND', message: common.notFound, gone: true };
  return { status: 500, code: 'INTERNAL', message: common.internal };
}

/**
 * Client errors are logged on one line without the error itself: its message may quote the body
 * (JSON syntax errors do). Server errors go through the `err` serializer (lib/log-safety.ts), which
 * keeps the class, code and stack frames but no SQL, parameters or values.
 */
function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError,
  answer: Answer,
  warnings?: Warnings,
  routed = true,
) {
  const route = routeOf(request);
  const edge = answeredAtEdge(request.raw.socket);
  if (edge) {
    // Node answered it already (a body not in within REQUEST_TIMEOUT_MS: 408) and closed the
    // connection; this error is the aborted body. Logged as what the client got.
    request.log.info({ status: edge.status, reason: edge.reason, route }, 'request refused');
  } else if (answer.conflict) {
    // Not an outage: a race the code should not have left (decision 113). A warning with the
    // SQLSTATE and stack (no SQL), and a prompt retry.
    request.log.warn({ err: error, route, method: request.method }, 'transaction conflict; answering 503');
    void reply.header('retry-after', '1');
  } else if (answer.gone) {
    // Also a race the code should have met itself (the known ones lock and answer 404 on their
    // own, decision 113), or a bug that writes a dangling id: a warning naming the constraint, so
    // neither hides behind the 404.
    request.log.warn(
      { route, method: request.method, reason: FOREIGN_KEY_VIOLATION, constraint: constraintOf(error) },
      'a row the request refers to is gone (foreign key); answering 404',
    );
  } else if (answer.code === 'DATABASE_UNAVAILABLE') {
    // Expected during an outage: one quiet warning at a time, and a hint when to come back. (Errors
    // found while routing never reach the database, so they bring no `warnings`.)
    warnings?.unavailable(request.log, error);
    void reply.header('retry-after', '5');
  } else if (error instanceof AppError && (answer.status === 502 || answer.status === 503)) {
    // A service the app depends on (an identity provider) cannot be reached: expected, said by the
    // code that threw it, and answered in the envelope. Not a bug, so no stack per request: one
    // quiet warning at a time, as for the database.
    warnings?.upstream(request.log, error, Date.now(), { status: answer.status, route });
  } else if (answer.status >= 500) {
    request.log.error({ err: error, reqId: request.id, route, method: request.method }, 'unexpected error');
  } else {
    // Fastify's code, when it has one.
    const reason = typeof error.code === 'string' && error.code.startsWith('FST_') ? error.code : undefined;
    request.log.info({ status: answer.status, code: answer.code, reason, route }, 'request refused');
  }
  if (answer.status === 429 && !reply.hasHeader('retry-after')) {
    // The rate limiter sets the real wait; our own 429s say theirs when they know it (RESET_LOCKED),
    // else (per-account limits) a minute.
    const wait = error instanceof AppError ? error.more.retryAfterSeconds : undefined;
    void reply.header('retry-after', String(wait ?? 60));
  }
  // Refused on its headers alone (a token, a role, a type) before its body had all come: the rest
  // may still be on its way, and if it stalled, Node would answer that connection a second time (408)
  // once REQUEST_TIMEOUT_MS passed, an answer a client reusing the connection would take for its next
  // request's. The connection ends with this answer instead.
  if (request.raw.complete === false) void reply.header('connection', 'close');
  const pages = (request.server as Partial<FastifyInstance>).errorPages?.find((page) => page.claims(request));
  if (pages) return pages.send(request, reply, { status: answer.status, code: answer.code }, routed);
  const lang = request.lang;
  const body: ErrorEnvelope = {
    success: false,
    message: localize(lang, answer.message, answer.params),
    code: answer.code,
    ...(answer.errors ? { errors: answer.errors(lang) } : {}),
    ...(answer.course ? { course: answer.course } : {}),
  };
  if (!routed) withSecurityHeaders(request, reply.type('application/json; charset=utf-8'));
  return reply.status(answer.status).send(body);
}

/**
 * Sets the security headers on an answer to an error found while routing, which no hook sees (its
 * type set first: they depend on it). Every other answer gets them from the security hook.
 */
export function withSecurityHeaders(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  (request.server as Partial<FastifyInstance>).setSecurityHeaders?.(reply);
  return reply;
}

/** The matched route pattern; errors found while routing have none (and reading it throws). */
function routeOf(request: FastifyRequest): string | null {
  try {
    return request.routeOptions.url ?? null;
  } catch {
    return null;
  }
}

/**
 * One entry per field, in the order the fields were first named: the envelope says one thing about
 * each. zod goes on checking a value of the wrong type that has a length (`"password": []` also failed
 * the string's `min(1)`: "Add at least 1."), so a field can come with several issues; a type error
 * (wrong type, or missing) wins, as the others only follow from it; else the first issue. At most
 * `MAX_FIELD_ERRORS` fields, the first named.
 */
function fieldErrors(
  lang: Language,
  issues: { path: string; issue: z.core.$ZodIssue }[],
): NonNullable<ErrorEnvelope['errors']> {
  const byField = new Map<string, z.core.$ZodIssue>();
  for (const { path, issue } of issues) {
    const kept = byField.get(path);
    if (!kept || (issue.code === 'invalid_type' && kept.code !== 'invalid_type')) byField.set(path, issue);
  }
  return [...byField]
    .slice(0, MAX_FIELD_ERRORS)
    .map(([path, issue]) => ({ path, message: issueMessage(lang, issue) }));
}

/**
 * The most fields one answer names: a body can hold thousands of broken fields (a reviewer's 1 MB
 * course, 54,000 of them, a 4.9 MB answer), and a form shows a few at a time anyway.
 */
const MAX_FIELD_ERRORS = 100;

function issueMessage(lang: Language, issue: z.core.$ZodIssue): string {
  const { key, limit } = describeIssue(issue);
  return localize(lang, validationMessages[key], { limit: limit ?? '' });
}
