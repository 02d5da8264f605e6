import { queryOptions } from '@tanstack/react-query';
import type { overallScoreResponseSchema, OverallScore } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { learnerApi } from './learner-paths.ts';

export const overallScoreKey = (courseId: string) => ['learner', 'overall-score', courseId] as const;

export async function getOverallScore(courseId: string, signal?: AbortSignal): Promise<OverallScore> {
  const { score, certificateIssued } = await apiFetch<typeof overallScoreResponseSchema>(
    learnerApi.overallScore(courseId),
    { signal },
  );
  return { score, certificateIssued };
}

/**
 * The learner's overall score in a course (0..100, unrounded), computed by the server, and whether
 * they hold its certificate (decision 104).
 */
export const overallScoreQuery = (courseId: string) =>
  queryOptions({
    queryKey: overallScoreKey(courseId),
    queryFn: ({ signal }) => getOverallScore(courseId, signal),
  });
