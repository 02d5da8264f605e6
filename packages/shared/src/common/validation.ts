import type { z } from 'zod';

/**
 * Validation messages travel as stable keys, so the server and the browser can each say them in the
 * reader's language. Schemas put a key in `message` for their own refinements; the generic zod issues
 * are mapped here.
 */
export const VALIDATION_KEYS = [
  'required',
  'invalid_type',
  'invalid_email',
  'invalid_url',
  'too_short',
  'too_long',
  'too_few',
  'too_many',
  'invalid_option',
  'passwords_mismatch',
  'correct_answer_not_option',
  'duplicate_option',
  'video_not_embeddable',
  'pdf_file_required',
  'quiz_required',
  'too_many_course_questions',
  'too_many_course_resources',
  'file_not_yours',
  'unknown_field',
  'invalid',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export interface IssueDescription {
  key: ValidationKey;
  /** The limit for too_short / too_long / too_few / too_many. */
  limit?: number;
}

const isKey = (value: string): value is ValidationKey =>
  (VALIDATION_KEYS as readonly string[]).includes(value);

/**
 * zod's error map for type mismatches, installed with `z.config({ customError })` where input arrives
 * (the server): zod 4 leaves the input out of its issues, so `describeIssue` alone cannot tell a
 * missing value from one of another type, and an API client that sent `"email": 5` read "This field
 * is required". The map sees the input and puts the key in the message, which `describeIssue` takes
 * as it is. Schemas' own messages still win over it.
 */
export const typeIssueKeys: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type'
    ? issue.input === undefined || issue.input === null
      ? 'required'
      : 'invalid_type'
    : undefined;

export function describeIssue(issue: z.core.$ZodIssue): IssueDescription {
  if (isKey(issue.message)) return { key: issue.message };
  switch (issue.code) {
    case 'invalid_type': // without `typeIssueKeys` (the browser's forms send no wrong types) or the input
      return { key: issue.input === undefined || issue.input === null ? 'required' : 'invalid_type' };
    case 'too_small': {
      const limit = Number(issue.minimum);
      if (issue.origin === 'string') return limit <= 1 ? { key: 'required' } : { key: 'too_short', limit };
      return { key: 'too_few', limit };
    }
    case 'too_big': {
      const limit = Number(issue.maximum);
      return issue.origin === 'string' ? { key: 'too_long', limit } : { key: 'too_many', limit };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'invalid_email' };
      if (issue.format === 'url') return { key: 'invalid_url' };
      return { key: 'invalid' };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'invalid_option' };
    case 'unrecognized_keys':
      return { key: 'unknown_field' };
    default:
      return { key: 'invalid' };
  }
}

/** `['coursesection', 0, 'title']` → `coursesection.0.title`, the path format of the error envelope. */
export const issuePath = (issue: z.core.$ZodIssue): string => issue.path.map(String).join('.');
