import { z } from 'zod';
import { noControls } from '../common/text.ts';

/** PostgreSQL cannot store NUL characters in text or jsonb; refuse them as invalid input, not a 500. */
export const noNul = (value: string) => !value.includes('\u0000');

export const text = (max: number) =>
  z.string().trim().min(1).max(max).refine(noControls, { message: 'invalid' });
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
export const optionalId = z.string().uuid().optional();
