import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CERTIFICATE_ID_HEADER,
  certificateVerificationResponseSchema,
  courseIdParamSchema,
  errorEnvelopeSchema,
  idParamSchema,
} from '@app/shared';
import { currentUser } from '../../plugins/authenticate.ts';
import {
  certificateForLearner,
  certificatePdf,
  toVerification,
  verifyCertificate,
} from './certificates.service.ts';

export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/certificate/:courseId',
    {
      exposeHeadRoute: false, // a GET that may issue a certificate: no HEAD twin (decision 106)
      onRequest: app.guards.authenticate,
      schema: {
        tags: ['certificates'],
        summary: 'The caller’s course certificate as a PDF, issued once their overall score reaches 80',
        description:
          'Enrolled learners only. The certificate is issued on the first call (one per learner and course) ' +
          `and its id is sent in the \`${CERTIFICATE_ID_HEADER}\` header. Below the threshold: 403 ` +
          'CERTIFICATE_NOT_EARNED; not enrolled in a catalogue course: 403 NOT_ENROLLED; unknown or hidden course: 404, ' +
          'as is a course no longer Approved unless the caller was issued its certificate before.',
        security: [{ bearer: [] }],
        params: courseIdParamSchema,
        response: {
          200: {
            description: 'The certificate (landscape A4, English and Arabic)',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { record, issued } = await certificateForLearner(
        app.db,
        app.caches,
        user.id,
        request.params.courseId,
      );
      // Issued now: the other instances forget the learner's cached certificates first (decision 104).
      if (issued) await app.caches.settle('others');
      const pdf = await certificatePdf(record, app.env.APP_URL, request.log);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', 'inline; filename="certificate.pdf"')
          .header(CERTIFICATE_ID_HEADER, record.id)
          // The learner's name and scores: no copy on a shared computer's disk either (decision 136).
          .header('cache-control', 'no-store')
          // The 200 schema only documents the binary body; a Buffer is sent as is, never serialized.
          .send(pdf as unknown as string)
      );
    },
  );

  app.get(
    '/certificates/:id',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Public verification of a certificate by its id (the address printed on it)',
        params: idParamSchema,
        response: { 200: certificateVerificationResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const record = await verifyCertificate(app.db, request.params.id);
      return { success: true as const, data: toVerification(record) };
    },
  );
};
