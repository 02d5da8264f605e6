import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Env } from '../env.ts';
import { AppError } from './errors.ts';

/**
 * What the server writes to its log, decided in one place: every `err` and `req` the app or Fastify
 * logs passes through these serializers, so no SQL text or parameters (drizzle puts both in its error
 * message: password hashes, reset-code hashes, mail bodies), no tokens in URLs and no credentials in
 * headers reach the log, whoever logs.
 */

const REDACTED = '[redacted]';
/**
 * Query parameters whose values are secrets. The app puts none in its own URLs, but clients, proxies
 * and scanners do, and the log must not keep them. Chosen by what commonly carries one: OAuth and
 * OpenID Connect (`code`, `state`, `access_token`, `refresh_token`, `id_token`: any `*token*`), bare
 * JWTs (`jwt`), API keys (`key`, `api_key`, `apikey`, `X-API-Key`), client secrets, signed URLs (AWS
 * `X-Amz-Signature`, Azure's `sig`), passwords (`password`, `passwd`, `pwd`, `pass`), one-time codes
 * (`otp`), `auth` and `authorization`, credentials, session ids (`session*`, `sid`) and tickets.
 * Substrings for the long names; the short ones whole, so that `design`, `author` or `side` stays in the
 * log.
 */
const SECRET_QUERY_KEY =
  /token|code|state|secret|password|passwd|key|jwt|signature|credential|session|authori[sz]ation|^(?:sig|pwd|pass|otp|auth|sid|ticket)$/i;
/**
 * A JSON Web Token (the app's own sessions are ones, as are most bearer tokens), under whatever name a
 * client put it: its encoded header always starts `eyJ` (`{"`), then two dot-separated parts.
 */
const TOKEN_SHAPED = /eyJ[\w-]+\.[\w-]+\./;
/**
 * Query parameters whose values are search terms: the course lists' `q` (the staff table's search is
 * often a person's name or e-mail address), and the names other clients use for one. Not secrets but
 * personal data, which the log keeps no better than a secret (decision 136): the name stays, so an
 * operator still sees that a search was made.
 */
const SEARCH_QUERY_KEY = /^(?:q|query|search)$/i;
/**
 * The mark of an e-mail verification link (API and browser route), after which the rest of the path
 * is the token. One rule, whatever the address looks like: the mark is found anywhere in the path, in
 * any case, each letter as itself or percent-encoded (once or more: `%76`, `%2576`), and everything
 * after it is redacted, up to the query. A link a mail client or a person mangled (`verifyemail//T`,
 * `verifyemail;x/T`, `verifyemail%2FT`) reaches no route, but its token is as secret as a good one's.
 */
const VERIFICATION_MARK = new RegExp(
  [...'verifyemail']
    .map((letter) => {
      const hex = (char: string) => char.charCodeAt(0).toString(16);
      return `(?:${letter}|%(?:25)*(?:${hex(letter)}|${hex(letter.toUpperCase())}))`;
    })
    .join(''),
  'i',
);

/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(
  env: Pick<Env, 'LOG_LEVEL'>,
  stream?: LogStream,
): FastifyServerOptions['logger'] {
  if (env.LOG_LEVEL === 'silent') return false;
  return {
    level: env.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    serializers: { req: safeRequest, err: safeError },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: REDACTED,
    },
  };
}

/**
 * A URL fit for the log: what follows a verification mark (in the path or in a query parameter),
 * secret query values, token-shaped ones and search terms replaced.
 */
export function safeUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = redactAfterMark(path);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      // The name as a query parser reads it (up to the first "="); written back up to the first "="
      // however spelled, so that a pair without one (`code%3DSECRET`) does not keep its value.
      // Its decoded form is cut at a decoded "=" too: `otp%3D1` is the parameter `otp`, whose short
      // name only matches whole.
      const name = decodeAscii(pair.split('=', 1)[0]!).split('=', 1)[0]!;
      const secret =
        SECRET_QUERY_KEY.test(name) || SEARCH_QUERY_KEY.test(name) || TOKEN_SHAPED.test(decodeAscii(pair));
      return secret ? `${redactAfterMark(pair.split(/=|%3d/i, 1)[0]!)}=${REDACTED}` : redactAfterMark(pair);
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/**
 * `text` with everything after the verification mark redacted. The separators stay, so that the log
 * still shows the address's shape (`verifyemail//[redacted]`); every run between them is replaced.
 */
function redactAfterMark(text: string): string {
  const mark = VERIFICATION_MARK.exec(text);
  if (!mark) return text;
  const end = mark.index + mark[0].length;
  return text.slice(0, end) + text.slice(end).replace(/[^/]+/g, REDACTED);
}

/**
 * Decodes the percent-encoded ASCII characters, leaving every other escape (invalid or not ASCII) as
 * written: a name stays readable even when another part of it is malformed (`%63ode%zz` is `code%zz`).
 */
function decodeAscii(text: string): string {
  return text.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function safeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: safeUrl(request.url),
    remoteAddress: request.ip,
  };
}

export type SafeError = {
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: SafeError;
};

/**
 * The class, a message without SQL or values, a string `code` (Fastify's FST_…, or the SQLSTATE of a
 * database error) and the stack frames. Frames name functions and files only, never data.
 */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    // A string reason (the outbox logs the SMTP server's answer) keeps its first line.
    const message = typeof error === 'string' ? firstLine(error) : 'non-Error value';
    return { type: typeof error, message, stack: message };
  }
  const type = error.constructor.name || error.name;
  const code = (error as { code?: unknown }).code;
  const message = isDatabaseError(error)
    ? `database error${typeof code === 'string' ? ` ${code}` : ''}`
    : firstLine(error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const cause = (error as { cause?: unknown }).cause;
  return {
    type,
    message,
    ...(typeof code === 'string' ? { code } : {}),
    stack: [`${type}: ${message}`, ...frames].join('\n'),
    ...(cause !== undefined && depth < 3 ? { cause: safeError(cause, depth + 1) } : {}),
  };
}

/**
 * Drizzle's query errors carry `query` and `params`; pg's and PGlite's carry a `severity` and their
 * messages may quote values ('invalid input syntax for type uuid: "…"'). The app's own errors are
 * never database errors: every `AppError` has `params` (its message's placeholders), and testing for
 * `params` alone logged each one as "database error <code>".
 */
function isDatabaseError(error: Error): boolean {
  if (error instanceof AppError) return false;
  return ('query' in error && 'params' in error) || 'severity' in error;
}

/** The first line, capped: multi-line messages are where SQL and bodies end up. */
function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
