import { describe, expect, it } from 'vitest';
import { AppCaches, JOINED_CURSORS_MAX } from './caches.ts';

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
    caches.completed.set(
      learner,
      new Map([
        ['c', ['l1']],
        ['d', ['l3']],
      ]),
      caches.completed.generation,
    );
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

  it("revises a course's completed lessons after a lesson (decision 066), and leaves them after a quiz", () => {
    const { caches } = warmed();
    caches.learnerChanged(learner, caches.learnerMark(), 'c', { progress: 70, quizScore: [] });
    expect(caches.completed.get(learner)?.get('c')).toEqual(['l1']);
    caches.learnerChanged(learner, caches.learnerMark(), 'c', { progress: 80, completed: ['l1', 'l2'] });
    expect(caches.completed.get(learner)).toEqual(
      new Map([
        ['c', ['l1', 'l2']],
        ['d', ['l3']],
      ]),
    );
    expect(caches.progress.get(learner)?.get('c')).toBe(80);
  });

  it("evicts a learner's completed lessons on their p: and on any course change", () => {
    const mine = warmed();
    mine.caches.apply('p:someone-else');
    expect(mine.caches.completed.get(learner)).toBeDefined();
    mine.caches.apply(`p:${learner}`);
    expect(mine.caches.completed.get(learner)).toBeUndefined();
    const course = warmed();
    course.caches.apply('c:some-course'); // a deleted lesson takes its completions with it
    expect(course.caches.completed.get(learner)).toBeUndefined();
  });

  it('evicts both when the figures are not known, or when a notification came between mark and change', () => {
    const unknown = warmed();
    unknown.caches.learnerChanged(learner, unknown.caches.learnerMark(), 'c');
    expect(unknown.caches.progress.get(learner)).toBeUndefined();
    expect(unknown.caches.scores.get(learner)).toBeUndefined();
    expect(unknown.caches.completed.get(learner)).toBeUndefined();
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

describe("AppCaches: a learner's certificates (decision 104)", () => {
  const learner = 'learner';
  function warmed() {
    const caches = new AppCaches();
    const published: string[] = [];
    caches.usePublisher((payload) => published.push(payload));
    caches.setLive(true);
    caches.certified.set(learner, new Set(['c']), caches.certified.generation);
    caches.certified.set('someone-else', new Set(['c']), caches.certified.generation);
    return { caches, published };
  }

  it('a certificate issued here evicts that learner’s only, and tells the other instances', () => {
    const { caches, published } = warmed();
    const generation = caches.certified.generation;
    caches.certificateIssued(learner);
    expect(caches.certified.get(learner)).toBeUndefined();
    expect(caches.certified.get('someone-else')).toEqual(new Set(['c']));
    expect(published).toEqual([`p:${learner}`]);
    // A fill that read the certificates before the insert cannot store its older set.
    caches.certified.set(learner, new Set(), generation);
    expect(caches.certified.get(learner)).toBeUndefined();
  });

  it('evicts them where the learner’s other figures go: their p:, their user row, any course change', () => {
    for (const payload of [`p:${learner}`, `u:${learner}`, 'c:*']) {
      const { caches } = warmed();
      caches.apply(payload);
      expect([payload, caches.certified.get(learner)]).toEqual([payload, undefined]);
    }
  });
});

describe("AppCaches: the public pages' last copies (decision 158)", () => {
  function withCopy() {
    const caches = new AppCaches();
    caches.setLive(true);
    caches.publicCopies.set('course:a', { title: 'A' }, caches.publicCopies.generation);
    return caches;
  }

  it('keeps them when the notifications are lost, and empties them when they are found again', () => {
    const caches = withCopy();
    caches.sessions.set('s', {} as never, caches.sessions.generation);
    caches.setLive(false);
    expect(caches.sessions.get('s')).toBeUndefined();
    expect(caches.publicCopies.get('course:a')).toEqual({ title: 'A' });
    caches.setLive(true);
    expect(caches.publicCopies.get('course:a')).toBeUndefined();
  });

  it('evicts them on any change to courses or users, not on enrolments, sessions or learning', () => {
    for (const payload of ['s:x', 's:*', 'e:x', 'e:*', 'n:a', 'n:*', 'p:x', 'p:*']) {
      const caches = withCopy();
      caches.apply(payload);
      expect(caches.publicCopies.get('course:a'), payload).toEqual({ title: 'A' });
    }
    for (const payload of ['c:*', 'u:x', 'u:*']) {
      const caches = withCopy();
      caches.apply(payload);
      expect(caches.publicCopies.get('course:a'), payload).toBeUndefined();
    }
  });
});

describe("AppCaches: a learner's own courses (decision 208)", () => {
  function warmed() {
    const caches = new AppCaches();
    caches.setLive(true);
    for (const learner of ['a', 'b']) caches.joined.set(learner, { cursors: [] }, caches.joined.generation);
    return caches;
  }

  it('evicts a learner’s list on their enrolments only, and every list on any course or user change', () => {
    const caches = warmed();
    caches.apply('e:a');
    expect(caches.joined.get('a')).toBeUndefined();
    expect(caches.joined.get('b')).toBeDefined();
    for (const payload of ['c:*', 'u:someone', 'e:*']) {
      const again = warmed();
      again.apply(payload);
      expect([again.joined.get('a'), again.joined.get('b')], payload).toEqual([undefined, undefined]);
    }
  });

  it('keeps the lists when a counter moves, and evicts that course’s shared row alone', () => {
    const caches = warmed();
    for (const course of ['course-1', 'course-2']) {
      caches.courseRows.set(course, { id: course }, caches.courseRows.generation);
    }
    caches.apply('n:course-1');
    expect(caches.joined.get('a')).toBeDefined();
    expect([caches.courseRows.get('course-1'), caches.courseRows.get('course-2')]).toEqual([
      undefined,
      { id: 'course-2' },
    ]);
    for (const payload of ['n:*', 'c:*', 'u:someone']) {
      const again = warmed();
      again.courseRows.set('course-2', { id: 'course-2' }, again.courseRows.generation);
      again.apply(payload);
      expect(again.courseRows.get('course-2'), payload).toBeUndefined();
    }
  });

  it('does not keep a row read before its counter moved', () => {
    const caches = warmed();
    const before = caches.courseRows.generation; // a read begins
    caches.apply('n:course-1'); // the counter moves while it runs
    caches.courseRows.set('course-1', { id: 'course-1' }, before);
    expect(caches.courseRows.get('course-1')).toBeUndefined();
  });

  /** `count` learners' lists of `length` cursors each (one array: the bound counts cursors, not bytes). */
  function filled(count: number, length: number) {
    const caches = new AppCaches();
    caches.setLive(true);
    const cursors = Array.from({ length }, (_, i) => `${i}~00000000-0000-4000-8000-000000000000`);
    for (let learner = 0; learner < count; learner++)
      caches.joined.set(`learner-${learner}`, { cursors }, caches.joined.generation);
    const kept = Array.from({ length: count }, (_, learner) => caches.joined.get(`learner-${learner}`));
    return { kept, held: kept.reduce((sum, order) => sum + (order?.cursors?.length ?? 0), 0) };
  }

  it(`holds at most ${JOINED_CURSORS_MAX} cursors in all, the lists read last, whatever their number`, () => {
    // 20,000 learners with 200 courses each: 4,000,000 cursors, ~320 MB, were all kept.
    const { kept, held } = filled(20_000, 200);
    expect(held).toBeLessThanOrEqual(JOINED_CURSORS_MAX);
    expect(held).toBeGreaterThan(JOINED_CURSORS_MAX - 200);
    const last = kept.findIndex((order) => order !== undefined);
    expect(kept.slice(last).every((order) => order !== undefined)).toBe(true);
    expect(kept.at(-1)?.cursors).toHaveLength(200);
  });

  it('keeps every list of 20,000 learners with a dozen courses each', () => {
    const { kept } = filled(20_000, 12);
    expect(kept.every((order) => order !== undefined)).toBe(true);
  });
});
