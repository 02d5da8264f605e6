import { describe, expect, it } from 'vitest';
import { courseProgress } from './course-progress.ts';

describe('courseProgress (decision 033, computed in one place: 217)', () => {
  it('weighs every lesson and quiz the same: a lesson 100 once done, a quiz its best score', () => {
    expect(courseProgress({ resources: 3, lessonsDone: 1, quizScores: [{ quizId: 'a', score: 50 }] })).toBe(
      50,
    );
    expect(courseProgress({ resources: 4, lessonsDone: 2, quizScores: [] })).toBe(50);
    expect(
      courseProgress({
        resources: 3,
        lessonsDone: 1,
        quizScores: [
          { quizId: 'a', score: 100 },
          { quizId: 'b', score: 100 },
        ],
      }),
    ).toBe(100);
  });

  it('is 0 for a course with nothing to do, and stays within 0..100 whatever the scores say', () => {
    expect(courseProgress({ resources: 0, lessonsDone: 0, quizScores: [] })).toBe(0);
    expect(courseProgress({ resources: 1, lessonsDone: 0, quizScores: [{ quizId: 'a', score: 140 }] })).toBe(
      100,
    );
    expect(courseProgress({ resources: 1, lessonsDone: 0, quizScores: [{ quizId: 'a', score: -5 }] })).toBe(
      0,
    );
  });

  it('adds the scores in quiz id order, so any order of the same facts gives the same figure', () => {
    // Floating-point sums depend on their order: 0.1 + 0.2 + 0.3 differs from 0.3 + 0.2 + 0.1.
    const scores = [
      { quizId: 'c', score: 0.3 },
      { quizId: 'a', score: 0.1 },
      { quizId: 'b', score: 0.2 },
    ];
    const figures = [scores, [...scores].reverse(), [scores[1]!, scores[0]!, scores[2]!]].map((quizScores) =>
      courseProgress({ resources: 5, lessonsDone: 0, quizScores }),
    );
    expect(new Set(figures).size).toBe(1);
    expect(figures[0]).toBe((0.1 + 0.2 + 0.3) / 5);
  });
});
