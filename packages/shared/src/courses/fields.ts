import { z } from 'zod';

/** PostgreSQL cannot store NUL characters in text or jsonb; refuse them as invalid input, not a 500. */
export const noNul = (value: string) => !value.includes('\u0000');

/**
 * Characters no name, title or description holds: the C0 controls but tab, line feed and carriage
 * return, DEL and the C1 controls (NUL among them). Invisible on a page, they broke a certificate's
 * line or a terminal showing the data (ESC starts its commands), and were stored as sent.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const noControls = (value: string) => !CONTROLS.test(value);

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
