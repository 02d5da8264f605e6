import { randomUUID } from 'node:crypto';
import type { LearnerCourse } from '@app/shared';
import type { App } from '../app.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { openSession } from '../lib/sessions.ts';
import { demoCourses } from '../seed/demo-content.ts';
import { demoCoursePdf } from '../seed/demo-pdf.ts';
import { insertCourse, checkedFile } from '../seed/demo.ts';
import { insertFile } from '../features/files/files.repository.ts';
import { fileUrl } from '../features/files/files.service.ts';

export interface BenchData {
  /** Bearer header of a learner enrolled in `courseId`. */
  auth: { authorization: string };
  courseId: string;
  /** A quiz of that course and one answer per question, as the learner's browser would send them. */
  quizSubmission: { resourceId: string; quizAnswers: { _id: string; answer: string }[] };
}

async function userWithSession(app: App, role: 'EndUser' | 'Contributor', passwordHash: string) {
  const [user] = await app.db
    .insert(users)
    .values({
      email: `bench-${role.toLowerCase()}-${randomUUID()}@example.test`,
      firstname: 'Bench',
      lastname: role,
      role,
      passwordHash,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const token = await openSession(app.db, app.tokens, user!.id);
  return { id: user!.id, auth: { authorization: `Bearer ${token}` } };
}

/**
 * `count` approved courses (each: a video and a PDF section, and a quiz section), written like the
 * demo catalogue, plus a learner enrolled (through the API) in the first one.
 */
export async function seedBenchData(app: App, count: number): Promise<BenchData> {
  const db: Db = app.db;
  const passwordHash = await hashPassword(randomUUID());
  const author = await userWithSession(app, 'Contributor', passwordHash);
  const learner = await userWithSession(app, 'EndUser', passwordHash);
  const pdf = await checkedFile(await demoCoursePdf());

  const courseIds = await db.transaction(async (tx) => {
    const pdfId = await insertFile(tx, author.id, pdf);
    const catalogue = demoCourses(fileUrl(pdfId)).filter((course) => course.status === 'Approved');
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const template = catalogue[i % catalogue.length]!;
      const input = { ...template.input, title: `${template.input.title} #${i + 1}` };
      ids.push(await insertCourse(tx, author.id, { ...template, input }));
    }
    return ids;
  });

  const courseId = courseIds[0]!;
  const enrol = await app.inject({
    method: 'GET',
    url: `/api/v1/course/enroll/${courseId}`,
    headers: learner.auth,
  });
  if (enrol.statusCode !== 200) throw new Error(`enrolment failed: ${enrol.statusCode} ${enrol.body}`);

  const view = await app.inject({
    method: 'GET',
    url: `/api/v1/user/course/${courseId}`,
    headers: learner.auth,
  });
  if (view.statusCode !== 200) throw new Error(`learner view failed: ${view.statusCode} ${view.body}`);
  const quiz = view
    .json<{ data: LearnerCourse }>()
    .data.course_section.flatMap((section) => section.resources)
    .find((resource) => resource.type === 'quiz');
  if (!quiz?.quiz) throw new Error('the bench course has no quiz');
  return {
    auth: learner.auth,
    courseId,
    quizSubmission: {
      resourceId: quiz._id,
      quizAnswers: quiz.quiz.map((question) => ({ _id: question._id, answer: question.options[0]!.name })),
    },
  };
}
