/**
 * Query keys of course data. Every key starts with 'courses', so a save here refreshes every course
 * list on screen (the admin board's included) without this feature importing another.
 */
export const courseKeys = {
  all: ['courses'] as const,
  contributor: (userId: string) => ['courses', 'contributor', userId] as const,
  detail: (courseId: string) => ['courses', 'detail', courseId] as const,
};
