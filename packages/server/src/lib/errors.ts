import type { z } from 'zod';
import { wellFormed, type ErrorCode, type ErrorCourse } from '@app/shared';
import type { Localized } from './localize.ts';
import { common } from './common.messages.ts';

/** An expected failure: the error handler answers it with its status, code and localized message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly localized: Localized,
    readonly params: Record<string, string | number> = {},
    readonly more: {
      /** Seconds for `Retry-After` on a 429 that knows its wait (else the error handler's minute). */
      retryAfterSeconds?: number;
      /** The course the refusal is about, named in the envelope (NOT_ENROLLED). */
      course?: ErrorCourse;
    } = {},
  ) {
    super(localized.en);
  }
}

export const notFound = (message: Localized = common.notFound) => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message: Localized = common.forbidden) => new AppError(403, 'FORBIDDEN', message);

/**
 * Validation of input that the route schema cannot see (e.g. the JSON `body` field of a multipart
 * request): answered as 400 VALIDATION_FAILED with the same field-error list as schema validation.
 */
export class BodyValidationError extends Error {
  constructor(
    readonly issues: z.core.$ZodIssue[],
    /** Prefix for each issue path, e.g. 'body' for the multipart field. */
    readonly prefix = '',
  ) {
    super('validation failed');
  }
}

/** Parses with a zod schema or throws BodyValidationError (unusable input included, see below). */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.infer<T> {
  rejectUnusableInput(value, prefix);
  const result = schema.safeParse(value);
  if (!result.success) throw new BodyValidationError(result.error.issues, prefix);
  return result.data;
}

/**
 * How deep input may nest: far deeper than any body the API takes (a course's quiz options sit 8
 * levels down), shallow enough that every walk over it (this one, the schemas, logging, `jsonb`)
 * stays far from the stack's limit. `JSON.parse` itself takes any depth.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * Input no route can use is a validation error (400 on that field), found before any schema or query
 * sees it: a NUL anywhere (PostgreSQL cannot store U+0000 in text or jsonb and fails the statement),
 * a lone surrogate (not a character; refused in jsonb),
 * and objects or arrays nested deeper than MAX_INPUT_DEPTH (a 20 kB body of `[` overflowed the stack
 * of the walk that looks for NULs: a 500).
 */
export function rejectUnusableInput(value: unknown, prefix = ''): void {
  const path = unusablePath(value, 0);
  if (!path) return;
  const issue = { code: 'custom', path, message: 'invalid', input: undefined } as z.core.$ZodIssue;
  throw new BodyValidationError([issue], prefix);
}

/** A NUL, or a lone surrogate (PostgreSQL refuses its escape in jsonb, where answers are kept). */
const unstorable = (text: string) => text.includes('\u0000') || !wellFormed(text);

/** Where the first unstorable or over-deep value is, as a path from `value`; built only once found. */
function unusablePath(value: unknown, depth: number): PropertyKey[] | null {
  if (typeof value === 'string') return unstorable(value) ? [] : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth === MAX_INPUT_DEPTH) return [];
  for (const key of Object.keys(value)) {
    if (unstorable(key)) return [key.replaceAll('\u0000', '').replace(/[\uD800-\uDFFF]/g, '')]; // named without them
    const found = unusablePath((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.unshift(key);
      return found;
    }
  }
  return null;
}
