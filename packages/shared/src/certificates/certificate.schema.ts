import { z } from 'zod';

/** Public verification of a certificate (`GET /certificates/:id`): who completed which course, when. */
export const certificateVerificationSchema = z.object({
  _id: z.string(),
  /** The course's id, for the viewer's link back and the LinkedIn "Add to profile" certificate URL. */
  courseId: z.string(),
  name: z.string(),
  /** The learner's ORCID iD, shown linked to https://orcid.org/<iD> when they have one. */
  orcid: z.string().nullable(),
  course_title: z.string(),
  course_title_tr: z.string().nullable(),
  issuedAt: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

export const certificateVerificationResponseSchema = z.object({
  success: z.literal(true),
  data: certificateVerificationSchema,
});

/**
 * The longest credential the verifier takes: a course at every field's maximum in a script of 3 UTF-8
 * bytes a character, base64url-encoded, is about 50,000 characters; the 20,000 it was refused the
 * app's own long bilingual courses.
 */
export const CREDENTIAL_MAX = 100_000;

/** `POST /credentials/verify`: a VC-JWT (compact JWS) as downloaded from `/certificates/:id/credential.jwt`. */
export const credentialVerifyBodySchema = z.object({ credential: z.string().min(1).max(CREDENTIAL_MAX) });

export const CREDENTIAL_FAILURES = [
  'SIGNATURE_INVALID',
  'NOT_OUR_CREDENTIAL',
  'CERTIFICATE_NOT_FOUND',
] as const;
export type CredentialFailure = (typeof CREDENTIAL_FAILURES)[number];

/** The verdict on a credential: valid with the certificate it proves, or invalid with the reason. */
export const credentialVerificationSchema = z.object({
  valid: z.boolean(),
  reason: z.enum(CREDENTIAL_FAILURES).nullable(),
  certificate: certificateVerificationSchema.nullable(),
});
export type CredentialVerification = z.infer<typeof credentialVerificationSchema>;

export const credentialVerificationResponseSchema = z.object({
  success: z.literal(true),
  data: credentialVerificationSchema,
});
