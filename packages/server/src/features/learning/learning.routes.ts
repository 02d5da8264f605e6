import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIMITS,
  courseIdParamSchema,
  exerciseScoreBodySchema,
  exerciseScoreResponseSchema,
  idParamSchema,
  learnerCourseResponseSchema,
  messageResponseSchema,
  overallScoreResponseSchema,
  wellFormed,
  type ExerciseScoreBody,
  type QuizAnswer,
} from '@app/shared';
import { currentUser } from '../../plugins/authenticate.ts';
import { localize } from '../../lib/localize.ts';
import { learningMessages } from './learning.messages.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { payloadOf } from '../../plugins/compression.ts';
import { holdsCertificate } from '../certificates/certificates.service.ts';
import {
  enrollInCourse,
  exerciseScoreJson,
  learnerCourseResponse,
  learnerOverallScore,
  submitQuiz,
} from './learning.service.ts';

const security = [{ bearer: [] }];

/** `quizAnswerSchema`'s `_id`: 1 to this many characters. */
const ANSWER_ID_MAX = 100;
/** `noNul` (shared `fields.ts`): what PostgreSQL can store in text and jsonb. */
const storable = (value: string) => !value.includes('\u0000') && wellFormed(value);
const answerText = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= LIMITS.optionMax && storable(value);
const resourceIdSchema = exerciseScoreBodySchema.shape.resourceId;

/**
 * A quiz submission's body as `exerciseScoreBodySchema` reads it, for the bodies it certainly accepts
 * (decision 211): the same value (fields in the schema's order, unknown ones left out, the id in lower
 * case by the schema's own field), in a third of the time zod's walk over every answer took under
 * load (~2.5 µs against ~7.5 µs per submission, in the same server). Undefined for anything else,
 * which the schema then reads as before, with its own refusals: this check only ever answers for a
 * body the schema accepts (`quiz-submit-answer.test.ts` holds it to the schema on every edge of its
 * rules).
 */
export function quizBodyAtOnce(data: unknown): ExerciseScoreBody | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const { resourceId, quizAnswers } = data as Record<string, unknown>;
  if (!Array.isArray(quizAnswers) || quizAnswers.length > LIMITS.questionsMax) return undefined;
  const read: QuizAnswer[] = [];
  for (const item of quizAnswers as unknown[]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
    const { _id, answer } = item as Record<string, unknown>;
    if (typeof _id !== 'string' || _id.length < 1 || _id.length > ANSWER_ID_MAX || !storable(_id))
      return undefined;
    if (answerText(answer)) read.push({ _id, answer });
    else if (Array.isArray(answer) && answer.length <= LIMITS.quizOptionsMax && answer.every(answerText))
      read.push({ _id, answer: [...answer] });
    else return undefined;
  }
  const id = resourceIdSchema.safeParse(resourceId);
  return id.success ? { resourceId: id.data, quizAnswers: read } : undefined;
}

/**
 * The quiz submission's validators: the app's, with `quizBodyAtOnce` ahead of the body's (decision
 * 211). Asked for the app's compiler when the route is compiled, so the params keep whatever the app
 * does with them (decision 210).
 */
const quizSubmitValidators =
  (appCompiler: () => FastifySchemaCompiler<unknown> | undefined): FastifySchemaCompiler<unknown> =>
  (route) => {
    const compile = appCompiler();
    if (!compile) throw new Error('the app sets its validator compiler before its routes');
    const validate = compile(route);
    if (route.httpPart !== 'body') return validate;
    return (data: unknown) => {
      const value = quizBodyAtOnce(data);
      return value === undefined ? validate(data) : { value };
    };
  };

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
      validatorCompiler: quizSubmitValidators(() => app.validatorCompiler),
      schema: {
        tags: ['learning'],
        security,
        summary: 'Submit quiz answers; scored on the server, best score kept',
        params: courseIdParamSchema,
        body: exerciseScoreBodySchema,
        response: { 200: exerciseScoreResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await submitQuiz(
        app.db,
        app.caches,
        currentUser(request),
        request.params.courseId,
        request.body,
      );
      await app.caches.settle('others'); // their progress and best scores are cached (decisions 036, 070)
      // Rendered without the schema's encoding (decision 211); the schema still refuses a figure JSON
      // cannot carry.
      const json = exerciseScoreJson(result);
      if (json !== null) return sendJsonText(reply, json);
      const { feedback, ...score } = result;
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
