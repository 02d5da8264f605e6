import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  courseIdParamSchema,
  exerciseScoreBodySchema,
  exerciseScoreResponseSchema,
  idParamSchema,
  learnerCourseResponseSchema,
  messageResponseSchema,
  overallScoreResponseSchema,
} from '@app/shared';
import { currentUser } from '../../plugins/authenticate.ts';
import { localize } from '../../lib/localize.ts';
import { learningMessages } from './learning.messages.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { payloadOf } from '../../plugins/compression.ts';
import { holdsCertificate } from '../certificates/certificates.service.ts';
import {
  enrollInCourse,
  learnerCourseResponse,
  learnerOverallScore,
  submitQuiz,
} from './learning.service.ts';

const security = [{ bearer: [] }];

/** Enrolment, the learner's course view, quizzes and scores (api.md "Courses" and "Learner views"). */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { authenticate } = app.guards;

  app.get(
    '/course/enroll/:courseId',
    {
      exposeHeadRoute: false, // a GET that changes state: no HEAD twin (decision 106)
      onRequest: authenticate,
      schema: {
        tags: ['learning'],
        security,
        summary: 'Enrol in an approved, available course (idempotent)',
        params: courseIdParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await enrollInCourse(app.db, currentUser(request), request.params.courseId);
      await app.caches.settle(); // the catalogue shows the enrolment on the next request (decision 019)
      return { success: true as const, message: localize(request.lang, learningMessages.enrolled) };
    },
  );

  app.post(
    '/course/exercise-score/:courseId',
    {
      onRequest: authenticate,
      schema: {
        tags: ['learning'],
        security,
        summary: 'Submit quiz answers; scored on the server, best score kept',
        params: courseIdParamSchema,
        body: exerciseScoreBodySchema,
        response: { 200: exerciseScoreResponseSchema },
      },
    },
    async (request) => {
      const { feedback, ...score } = await submitQuiz(
        app.db,
        app.caches,
        currentUser(request),
        request.params.courseId,
        request.body,
      );
      await app.caches.settle('others'); // their progress and best scores are cached (decisions 036, 070)
      return { success: true as const, score, feedback };
    },
  );

  app.get(
    '/user/course/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['learning'],
        security,
        summary: "A course to study, without quiz answers, with the caller's best quiz scores",
        params: idParamSchema,
        response: { 200: learnerCourseResponseSchema },
      },
    },
    async (request, reply) => {
      const json = await learnerCourseResponse(app.db, app.caches, currentUser(request), request.params.id);
      return sendJsonText(reply, payloadOf(reply, json)); // rendered from cached JSON fragments (decision 036)
    },
  );

  app.get(
    '/user/overall-score/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['learning'],
        security,
        summary:
          "The caller's overall score: mean best score over the course's quizzes (0..100), and whether they hold its certificate",
        params: idParamSchema,
        response: { 200: overallScoreResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // The score first: it asks the access policy, so nothing more is read for a course refused.
      const score = await learnerOverallScore(app.db, app.caches, user, request.params.id);
      // An issued certificate is kept when the score drops, so the viewer cannot tell from the score
      // alone whether to offer it (decision 104).
      const certificateIssued = await holdsCertificate(app.db, app.caches, user.id, request.params.id);
      return { success: true as const, score, certificateIssued };
    },
  );
};
