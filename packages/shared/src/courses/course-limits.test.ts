import { describe, expect, it } from 'vitest';
import { LIMITS } from '../common/constants.ts';
import { describeIssue, issuePath } from '../common/validation.ts';
import { courseInputSchema, courseLimitIssues, courseSaveRows } from './course.schema.ts';

/** Decision 204: the questions and resources of a whole course are limited, not only each part. */
const question = { question: 'Q?', options: [{ name: 'a' }, { name: 'b' }], correctanswer: 'a' };
const quiz = (questions: number) => ({
  type: 'quiz',
  title: 'Quiz',
  description: 'D',
  quiz: Array.from({ length: questions }, () => question),
});
const video = { type: 'video', title: 'V', description: 'D', link: 'https://youtu.be/dQw4w9WgXcQ' };
const section = (resources: unknown[]) => ({ title: 'S', description: 'D', resources });
const course = (sections: unknown[]) => ({
  title: 'T',
  description: 'D',
  author: 'A',
  coursesection: sections,
});

/** What the server's envelope and the course form read from a refusal: each field path and key. */
const refusals = (body: unknown) =>
  courseInputSchema
    .safeParse(body)
    .error?.issues.map((issue) => [issuePath(issue), describeIssue(issue).key]);

/** `total` resources, `perSection` to a section. */
const sectionsOf = (total: number, perSection: number, resource: unknown) =>
  Array.from({ length: Math.ceil(total / perSection) }, (_, s) =>
    section(Array.from({ length: Math.min(perSection, total - s * perSection) }, () => resource)),
  );

describe('courseInputSchema: a whole course’s limits', () => {
  it('takes a course with exactly the most questions in all, spread over quizzes', () => {
    const quizzes = LIMITS.courseQuestionsMax / LIMITS.questionsMax;
    expect(
      refusals(course([section(Array.from({ length: quizzes }, () => quiz(LIMITS.questionsMax)))])),
    ).toBe(undefined);
  });

  it('refuses one question more, on the quiz where the count passes the limit', () => {
    const quizzes = Array.from({ length: LIMITS.courseQuestionsMax / LIMITS.questionsMax }, () =>
      quiz(LIMITS.questionsMax),
    );
    // The last quiz is in a second section, after a video: its own path is named.
    expect(
      refusals(course([section(quizzes.slice(1)), section([video, quizzes[0], quiz(1), quiz(1)])])),
    ).toEqual([['coursesection.1.resources.2.quiz', 'too_many_course_questions']]);
  });

  it('takes exactly the most resources in all, and refuses one more on the section that passes it', () => {
    const atLimit = sectionsOf(LIMITS.courseResourcesMax, LIMITS.resourcesPerSectionMax, video);
    expect(refusals(course(atLimit))).toBe(undefined);
    expect(refusals(course([...atLimit, section([video])]))).toEqual([
      [`coursesection.${atLimit.length}.resources`, 'too_many_course_resources'],
    ]);
  });

  it('says each limit once, however far past it the course goes', () => {
    const over = sectionsOf(LIMITS.courseResourcesMax + 120, LIMITS.resourcesPerSectionMax, quiz(3));
    expect(refusals(course(over))).toEqual([
      ['coursesection.6.resources.33.quiz', 'too_many_course_questions'],
      ['coursesection.10.resources', 'too_many_course_resources'],
    ]);
  });
});

describe('courseLimitIssues: counting the raw input before it is checked', () => {
  it('counts only arrays, whatever else the input holds', () => {
    for (const sections of [undefined, null, 7, 'x', {}, { length: 5000 }, [null, 1, 'x', []]])
      expect(courseLimitIssues(sections)).toEqual([]);
    const odd = [
      { resources: null },
      { resources: { length: 9999 } },
      { resources: [null, 'x', { type: 'quiz', quiz: null }, { type: 'quiz', quiz: 'long text' }] },
    ];
    expect(courseLimitIssues(odd)).toEqual([]);
  });

  it('counts the questions of malformed quizzes, and only of quizzes', () => {
    const blank = (questions: number) => ({
      type: 'quiz',
      quiz: Array.from({ length: questions }, () => ({})),
    });
    const notQuiz = {
      type: 'video',
      quiz: Array.from({ length: LIMITS.courseQuestionsMax + 1 }, () => ({})),
    };
    expect(courseLimitIssues([{ resources: [notQuiz] }])).toEqual([]);
    expect(courseLimitIssues([{ resources: [blank(LIMITS.courseQuestionsMax), null, blank(1)] }])).toEqual([
      { code: 'custom', path: [0, 'resources', 2, 'quiz'], message: 'too_many_course_questions' },
    ]);
  });

  it('refuses a huge invalid course on the limit alone, without checking each of its parts', () => {
    // 50 sections of 50 quizzes of 100 empty questions: 250,000 questions, each invalid.
    const body = course(
      Array.from({ length: 50 }, () => ({
        resources: Array.from({ length: 50 }, () => ({
          type: 'quiz',
          quiz: Array.from({ length: 100 }, () => ({})),
        })),
      })),
    );
    expect(refusals(body)).toEqual([
      ['coursesection.0.resources.10.quiz', 'too_many_course_questions'],
      ['coursesection.10.resources', 'too_many_course_resources'],
    ]);
  });

  it('refuses 100,000 sections on their number alone, none of them read', () => {
    let reads = 0;
    // One empty section that counts what is read of it, 100,000 times.
    const section = new Proxy({}, { get: () => void reads++ });
    const issues = courseInputSchema.safeParse(course(Array.from({ length: 100_000 }, () => section))).error
      ?.issues;
    expect(reads).toBe(0);
    expect(issues).toHaveLength(1);
    expect(issues!.map((issue) => [issuePath(issue), describeIssue(issue)])).toEqual([
      ['coursesection', { key: 'too_many', limit: LIMITS.sectionsMax }],
    ]);
  });

  it("refuses a section's resources past its own limit on their number, within the course's", () => {
    const many = LIMITS.courseResourcesMax - 1; // within the course-wide limit
    const issues = courseInputSchema.safeParse(
      course([section([video]), section(Array.from({ length: many }, () => ({})))]),
    ).error?.issues;
    expect(issues!.map((issue) => [issuePath(issue), describeIssue(issue)])).toEqual([
      ['coursesection.1.resources', { key: 'too_many', limit: LIMITS.resourcesPerSectionMax }],
    ]);
    // One issue per field, its own limit first, where the course-wide count passes too.
    expect(
      courseLimitIssues([section(Array.from({ length: LIMITS.courseResourcesMax + 1 }, () => ({}))), {}]),
    ).toEqual([
      {
        code: 'too_big',
        origin: 'array',
        maximum: LIMITS.resourcesPerSectionMax,
        inclusive: true,
        path: [0, 'resources'],
      },
    ]);
  });

  it('takes exactly the most sections and resources per section', () => {
    const full = Array.from({ length: LIMITS.sectionsMax }, (_, s) =>
      section(s === 0 ? Array.from({ length: LIMITS.resourcesPerSectionMax }, () => video) : []),
    );
    expect(refusals(course(full))).toBe(undefined);
    expect(refusals(course([...full, section([])]))).toEqual([['coursesection', 'too_many']]);
  });
});

describe('courseSaveRows: the rows a save writes, read from the raw body (decision 209)', () => {
  it("counts the course's own row, its sections and its resources, not its questions", () => {
    expect(courseSaveRows(course([section([video, quiz(40)]), section([])]))).toBe(1 + 2 + 2);
    expect(courseSaveRows({ newData: course([section([video])]), status: 'Draft' })).toBe(1 + 1 + 1);
    for (const body of [null, 7, 'x', {}, { coursesection: { length: 9 } }, { coursesection: 'long' }])
      expect(courseSaveRows(body)).toBe(1);
    expect(courseSaveRows({ coursesection: [null, 1, { resources: { length: 9 } }] })).toBe(1 + 3);
  });

  it('counts at most a whole course', () => {
    const largest = 1 + LIMITS.sectionsMax + LIMITS.courseResourcesMax;
    const over = Array.from({ length: LIMITS.sectionsMax * 2 }, () => ({ resources: Array(100).fill({}) }));
    expect(courseSaveRows(course(over))).toBe(largest);
    expect(courseSaveRows(course(over.slice(0, 3)))).toBe(1 + 3 + 300);
  });
});
