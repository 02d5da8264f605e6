import { courseDraftSchema, LIMITS, type Course } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../../i18n/i18n.ts';
import { translatedZodResolver } from '../../../../lib/validation-messages.ts';
import { aCourse } from '../../test/render-authoring.tsx';
import { courseToFormValues } from './form-values.ts';

type Resource = Course['course_section'][number]['resources'][number];

const video = (i: number): Resource => ({
  _id: `00000000-0000-4000-a000-${String(i).padStart(12, '0')}`,
  type: 'video',
  title: `Video ${i + 1}`,
  title_tr: null,
  description: 'Watch.',
  description_tr: null,
  link: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  file: null,
  quiz: null,
});

/** Quizzes of 100 questions, `questions` in all (decision 204). */
const quizzes = (questions: number): Resource[] =>
  Array.from({ length: Math.ceil(questions / LIMITS.questionsMax) }, (_, i) => ({
    ...video(i),
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    type: 'quiz',
    title: `Quiz ${i + 1}`,
    link: null,
    quiz: Array.from(
      { length: Math.min(LIMITS.questionsMax, questions - i * LIMITS.questionsMax) },
      (_, q) => ({
        _id: `00000000-0000-4000-9000-${String(i * 1000 + q).padStart(12, '0')}`,
        question: `Question ${q + 1}?`,
        question_tr: null,
        options: [
          { name: 'a', name_tr: null },
          { name: 'b', name_tr: null },
        ],
        correctanswer: 'a',
      }),
    ),
  }));

/** The course form's check of a course whose first section holds `resources` (and others `more`). */
async function formErrors(resources: Resource[], more: Course['course_section'] = []) {
  const course = aCourse();
  course.course_section[0]!.resources = resources;
  course.course_section.push(...more);
  const options = { fields: {}, shouldUseNativeValidation: false };
  const { errors } = await translatedZodResolver(courseDraftSchema)(
    courseToFormValues(course),
    undefined,
    options,
  );
  return errors as {
    coursesection?: {
      resources?: { message?: string; root?: { message?: string } } & Record<number, unknown>;
    }[];
  };
}

describe('the course form on a course past a whole course’s limits (decision 204)', () => {
  it('says the questions’ limit under the quiz that passes it, in the reader’s language', async () => {
    await activateLanguage('en');
    const resources = quizzes(LIMITS.courseQuestionsMax + 1);
    const quiz = (errors: Awaited<ReturnType<typeof formErrors>>) =>
      (errors.coursesection?.[0]?.resources?.[resources.length - 1] as { quiz?: { message?: string } }).quiz;
    expect(quiz(await formErrors(resources))?.message).toBe(
      `A course can have at most ${LIMITS.courseQuestionsMax} questions in all: remove some, or split the course in two.`,
    );
    await activateLanguage('ar');
    expect(quiz(await formErrors(resources))?.message).toBe(
      `لا يمكن أن تضم الدورة أكثر من ${LIMITS.courseQuestionsMax} سؤال في مجموعها: احذف بعضها أو قسّم الدورة إلى دورتين.`,
    );
    await activateLanguage('en');
    expect(await formErrors(quizzes(LIMITS.courseQuestionsMax))).toEqual({});
  });

  it('says the resources’ limit on the section that passes it, in the reader’s language', async () => {
    const sections = (count: number): Course['course_section'] =>
      Array.from({ length: count }, (_, s) => ({
        ...aCourse().course_section[0]!,
        _id: `00000000-0000-4000-b000-${String(s).padStart(12, '0')}`,
        resources: Array.from({ length: LIMITS.resourcesPerSectionMax }, (_, r) => video(s * 100 + r)),
      }));
    // The first section's one video and the others' 50 each: one more than the limit in the last.
    const over = sections(LIMITS.courseResourcesMax / LIMITS.resourcesPerSectionMax);
    const message = (errors: Awaited<ReturnType<typeof formErrors>>) => {
      const resources = errors.coursesection?.[over.length]?.resources;
      return resources?.message ?? resources?.root?.message;
    };
    await activateLanguage('en');
    expect(message(await formErrors([video(9999)], over))).toBe(
      `A course can have at most ${LIMITS.courseResourcesMax} resources in all: remove some, or split the course in two.`,
    );
    await activateLanguage('ar');
    expect(message(await formErrors([video(9999)], over))).toBe(
      `لا يمكن أن تضم الدورة أكثر من ${LIMITS.courseResourcesMax} مورد في مجموعها: احذف بعضها أو قسّم الدورة إلى دورتين.`,
    );
    await activateLanguage('en');
  });
});
