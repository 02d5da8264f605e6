import { z } from 'zod';

/** Stable error codes of the API envelope; clients branch on these, never on message text. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'TOKEN_INVALID',
  'FORBIDDEN',
  'UNAUTHORIZED_ROLE',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'EMAIL_TAKEN',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_INACTIVE',
  'INVALID_CREDENTIALS',
  'VERIFICATION_INVALID',
  'EMAIL_ALREADY_VERIFIED',
  'RESET_CODE_INVALID',
  'RESET_EXPIRED',
  'RESET_LOCKED',
  'GOOGLE_SIGNIN_DISABLED',
  'GOOGLE_SIGNIN_FAILED',
  'GOOGLE_EMAIL_UNVERIFIED',
  'ORCID_SIGNIN_DISABLED',
  'ORCID_SIGNIN_FAILED',
  'ORCID_EMAIL_UNVERIFIED',
  'OIDC_TICKET_INVALID',
  'EDITING_LOCKED',
  'COURSE_CHANGED',
  'INVALID_TRANSITION',
  'NOT_ENROLLED',
  'COURSE_NOT_AVAILABLE',
  'CERTIFICATE_NOT_EARNED',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'FILE_REQUIRED',
  'RANGE_NOT_SATISFIABLE',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/**
 * The course a 403 NOT_ENROLLED is about, in both languages: a link shared to someone not yet in the
 * course opens a page that can say which course they would join (a catalogue course: public knowledge).
 */
export const errorCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  title_tr: z.string().nullable(),
});
export type ErrorCourse = z.infer<typeof errorCourseSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.array(fieldErrorSchema).optional(),
  course: errorCourseSchema.optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
