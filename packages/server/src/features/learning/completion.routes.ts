import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseIdParamSchema, courseProgressResponseSchema, lessonParamSchema } from '@app/shared';
import { currentUser } from '../../plugins/authenticate.ts';
import { completeLesson, learnerProgress } from './completion.service.ts';

const security = [{ bearer: [] }];

/** Lesson completion and course progress (decision 033; docs/api-additions.md). */
export const completionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { authenticate } = app.guards;

  app.put(
    '/user/course/:courseId/completion/:resourceId',
    {
      onRequest: authenticate,
      schema: {
        tags: ['learning'],
        security,
        summary: 'Mark a video or PDF lesson of the course done for the caller (idempotent)',
        params: lessonParamSchema,
        response: { 200: courseProgressResponseSchema },
      },
    },
    async (request) => {
      const { courseId, resourceId } = request.params;
      const data = await completeLesson(app.db, app.caches, currentUser(request), courseId, resourceId);
      await app.caches.settle('others'); // their progress is cached (decisions 036, 070)
      return { success: true as const, data };
    },
  );

  app.get(
    '/user/course/:courseId/progress',
    {
      onRequest: authenticate,
      schema: {
        tags: ['learning'],
        security,
        summary: "The caller's completed lessons and course progress (lessons and quiz scores, 0..100)",
        params: courseIdParamSchema,
        response: { 200: courseProgressResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await learnerProgress(app.db, app.caches, currentUser(request), request.params.courseId),
    }),
  );
};
