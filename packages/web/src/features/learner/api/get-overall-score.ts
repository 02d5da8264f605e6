import { queryOptions } from '@tanstack/react-query';
import type { overallScoreResponseSchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { learnerApi } from './learner-paths.ts';

export const overallScoreKey = (courseId: string) => ['learner', 'overall-score', courseId] as const;

export async function getOverallScore(courseId: string, signal?: AbortSignal): Promise<number> {
  const response = await apiFetch<typeof overallScoreResponseSchema>(learnerApi.overallScore(courseId), {
    signal,
  });
  return response.score;
}

/** The learner's overall score in a course (0..100, unrounded), computed by the server. */
export const overallScoreQuery = (courseId: string) =>
  queryOptions({
    queryKey: overallScoreKey(courseId),
    queryFn: ({ signal }) => getOverallScore(courseId, signal),
  });
