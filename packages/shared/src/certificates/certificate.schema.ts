import { z } from 'zod';

/** Public verification of a certificate (`GET /certificates/:id`): who completed which course, when. */
export const certificateVerificationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  course_title: z.string(),
  course_title_tr: z.string().nullable(),
  issuedAt: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

export const certificateVerificationResponseSchema = z.object({
  success: z.literal(true),
  data: certificateVerificationSchema,
});

/** Response header carrying the certificate id next to the PDF of `GET /user/certificate/:courseId`. */
export const CERTIFICATE_ID_HEADER = 'x-certificate-id';
