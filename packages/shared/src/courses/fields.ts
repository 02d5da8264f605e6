import { z } from 'zod';
import { looksBlank, noControls, wellFormed } from '../common/text.ts';

/**
 * PostgreSQL cannot store NUL characters in text or jsonb, nor a lone surrogate in jsonb; refuse them
 * as invalid input, not a 500.
 */
export const noNul = (value: string) => !value.includes('\u0000') && wellFormed(value);

/**
 * A required text field: something visible in it (an invisible-only value reads "required", as an
 * empty one does), within `max`, no control characters.
 */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !looksBlank(value), { message: 'required' })
    .refine(noControls, { message: 'invalid' });
/**
 * Arabic counterpart of a text field: optional, may be empty (the English value is shown instead).
 * Missing, null, empty and blank all come out as null: the one place that normalisation happens, for
 * the form's drafts and for raw API bodies alike (decision 029).
 */
export const translation = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(noControls, { message: 'invalid' })
    .nullish()
    .transform((value) => value || null);
/**
 * A record's id (a UUID). Read in lower case, as PostgreSQL writes it: the caches, the enrolled-id sets
 * and every comparison key on that text, so `/course/0AB1…` must be the same course as `/course/0ab1…`
 * (it was refused to its own enrolled learners, and enrolling again changed nothing).
 */
export const recordId = z.string().uuid().toLowerCase();
export const optionalId = recordId.optional();
