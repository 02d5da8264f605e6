import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ADMIN_PAGE_SIZE,
  type courseListResponseSchema,
  type CourseListResponse,
  type CourseSort,
  type CourseStatus,
  type Language,
} from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** Starts with 'courses' like every course list, so any course change refreshes this one too. */
export const allCoursesKey = ['courses', 'all'] as const;

/**
 * What the table shows: its page, order (none = the server's newest update first), status filter and
 * the header's search term.
 */
export interface CourseTableView {
  pageIndex: number;
  sort: CourseSort | null;
  desc: boolean;
  status: CourseStatus | '';
  q: string;
}

export const initialTableView: CourseTableView = { pageIndex: 0, sort: null, desc: false, status: '', q: '' };

export function tableSearch(view: CourseTableView): string {
  const params = new URLSearchParams({
    limit: String(ADMIN_PAGE_SIZE),
    offset: String(view.pageIndex * ADMIN_PAGE_SIZE),
  });
  if (view.sort) {
    params.set('sort', view.sort);
    params.set('order', view.desc ? 'desc' : 'asc');
  }
  if (view.status) params.set('status', view.status);
  if (view.q) params.set('q', view.q);
  return params.toString();
}

/** GET /course — one page of every course (SuperAdmin). */
export async function getAllCourses(
  view: CourseTableView,
  signal?: AbortSignal,
): Promise<CourseListResponse> {
  return apiFetch<typeof courseListResponseSchema>(`/course?${tableSearch(view)}`, { signal });
}

/** Titles and role names sort in the reader's language, so the language is part of the key. */
export const allCoursesQuery = (view: CourseTableView, language: Language) =>
  queryOptions({
    queryKey: [...allCoursesKey, view, language],
    queryFn: ({ signal }) => getAllCourses(view, signal),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
