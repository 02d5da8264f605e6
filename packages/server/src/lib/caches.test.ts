import { describe, expect, it } from 'vitest';
import { AppCaches } from './caches.ts';

describe("AppCaches: a learner's change (decision 061)", () => {
  const learner = 'learner';
  function warmed() {
    const caches = new AppCaches();
    const published: string[] = [];
    caches.usePublisher((payload) => published.push(payload));
    caches.setLive(true);
    caches.progress.set(
      learner,
      new Map([
        ['c', 10],
        ['d', 20],
      ]),
      caches.progress.generation,
    );
    caches.scores.set(learner, new Map([['c', [{ quizId: 'q', score: 10 }]]]), caches.scores.generation);
    return { caches, published };
  }

  it('revises the course in both entries, keeps the other courses, and tells the other instances', () => {
    const { caches, published } = warmed();
    const mark = caches.learnerMark();
    caches.learnerChanged(learner, mark, 'c', { progress: 55, quizScore: [{ quizId: 'q', score: 90 }] });
    expect(caches.progress.get(learner)).toEqual(
      new Map([
        ['c', 55],
        ['d', 20],
      ]),
    );
    expect(caches.scores.get(learner)).toEqual(new Map([['c', [{ quizId: 'q', score: 90 }]]]));
    expect(published).toEqual([`p:${learner}`]);
  });

  it('evicts both when the figures are not known, or when a notification came between mark and change', () => {
    const unknown = warmed();
    unknown.caches.learnerChanged(learner, unknown.caches.learnerMark(), 'c');
    expect(unknown.caches.progress.get(learner)).toBeUndefined();
    expect(unknown.caches.scores.get(learner)).toBeUndefined();
    expect(unknown.published).toEqual([`p:${learner}`]);

    const raced = warmed();
    const mark = raced.caches.learnerMark();
    raced.caches.apply(`e:${learner}`); // an enrolment elsewhere: their progress map is evicted
    raced.caches.progress.set(learner, new Map([['c', 10]]), raced.caches.progress.generation);
    raced.caches.learnerChanged(learner, mark, 'c', { progress: 55 });
    expect(raced.caches.progress.get(learner)).toBeUndefined();
    expect(raced.caches.scores.get(learner)).toEqual(new Map([['c', [{ quizId: 'q', score: 10 }]]]));
  });
});
