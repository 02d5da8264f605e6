import { z } from 'zod';
import { recordId } from './fields.ts';

/**
 * A learner's progress in one course (decision 033): the video and PDF lessons they finished and the
 * course progress, where every lesson and every quiz weighs the same — a lesson counts 1 once done,
 * a quiz counts its best score (0..1). 0..100, unrounded; 0 for a course with nothing to study.
 */
export const courseProgressSchema = z.object({
  /** Ids of the video and PDF resources the caller has completed. */
  completed: z.array(z.string()),
  progress: z.number(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

export const courseProgressResponseSchema = z.object({
  success: z.literal(true),
  data: courseProgressSchema,
});

export const lessonParamSchema = z.object({ courseId: recordId, resourceId: recordId });
