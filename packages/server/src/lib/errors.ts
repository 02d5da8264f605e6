import type { z } from 'zod';
import type { ErrorCode } from '@app/shared';
import type { Localized } from './localize.ts';
import { common } from './common.messages.ts';

/** An expected failure: the error handler answers it with its status, code and localized message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly localized: Localized,
    readonly params: Record<string, string | number> = {},
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

/** Parses with a zod schema or throws BodyValidationError (NUL characters included, see below). */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.infer<T> {
  rejectNulCharacters(value, prefix);
  const result = schema.safeParse(value);
  if (!result.success) throw new BodyValidationError(result.error.issues, prefix);
  return result.data;
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb and fails the statement, so a NUL anywhere in the
 * input is a validation error (400 on that field), found before any schema or query sees it.
 */
export function rejectNulCharacters(value: unknown, prefix = ''): void {
  const path = nulPath(value);
  if (!path) return;
  const issue = { code: 'custom', path, message: 'invalid', input: undefined } as z.core.$ZodIssue;
  throw new BodyValidationError([issue], prefix);
}

/** Where the first NUL is, as a path from `value`; built only once found (every body is walked). */
function nulPath(value: unknown): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (value === null || typeof value !== 'object') return null;
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000')) return [key.replaceAll('\u0000', '')];
    const found = nulPath((value as Record<string, unknown>)[key]);
    if (found) {
      found.unshift(key);
      return found;
    }
  }
  return null;
}
