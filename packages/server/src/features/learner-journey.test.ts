import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSummary, LearnerCourse, LoginResponse } from '@app/shared';
import type { TestApp } from '../test/test-app.ts';
import { startAppOverSmtp, stopAppOverSmtp, type SmtpCatcher } from '../test/smtp-catcher.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { answers, createApprovedCourse, type CreatedCourse } from '../test/course-fixtures.ts';
import { fromNewIp, linkToken, post, signupBody } from './auth/auth.test-helpers.ts';

/**
 * Issue 2's learner journey in one piece, over real HTTP semantics (inject) and a real SMTP server:
 * signup → verification mail → verify → login → approved list → enrol twice → course without answers
 * → quiz → scores → overall score.
 */
describe('the full learner journey, from signup over SMTP to the overall score', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let course: CreatedCourse;

  beforeAll(async () => {
    ({ t, smtp } = await startAppOverSmtp());
    const owner: TestUser = await createUser(t, 'Contributor');
    const admin: TestUser = await createUser(t, 'SuperAdmin');
    course = await createApprovedCourse(t, owner, admin);
  });
  afterAll(() => stopAppOverSmtp({ t, smtp }));

  it('signs up, verifies by mail, logs in, enrols once, studies without answers and scores', async () => {
    const body = signupBody();
    expect((await post(t, '/auth/signup', body)).statusCode).toBe(201);
    const mail = await smtp.waitForMail(body.email);
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/verifyemail/${linkToken(mail)}`,
      ...fromNewIp(),
    });
    expect(verified.statusCode).toBe(200);

    const login = await post(t, '/auth/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json<LoginResponse>().data.access_token}` };
    const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

    const listed = (await get('/course/approved')).json<{ data: CourseSummary[] }>().data;
    expect(listed.find((summary) => summary._id === course._id)).toMatchObject({ enrolled: false });

    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await get(`/course/enroll/${course._id}`)).statusCode).toBe(200);
    const again = (await get('/course/approved')).json<{ data: CourseSummary[] }>().data;
    expect(again.find((summary) => summary._id === course._id)).toMatchObject({
      enrolled: true,
      enrolled_count: 1,
    });

    const studied = await get(`/user/course/${course._id}`);
    expect(studied.statusCode).toBe(200);
    expect(studied.body).not.toContain('correctanswer');
    expect(studied.json<{ data: LearnerCourse }>().data.quizScore).toEqual([]);

    const submission = answers(course, 2);
    const scored = await t.app.inject({
      method: 'POST',
      url: `/api/v1/course/exercise-score/${course._id}`,
      headers,
      payload: submission,
    });
    expect(scored.statusCode).toBe(200);
    const expected = (2 * 100) / submission.quizAnswers.length;
    expect(scored.json()).toEqual({
      success: true,
      score: { currentScore: expected, quizScore: [{ quizId: submission.resourceId, score: expected }] },
      feedback: expect.any(Array) as unknown, // decision 035
    });

    const afterwards = (await get(`/user/course/${course._id}`)).json<{ data: LearnerCourse }>().data;
    expect(afterwards.quizScore).toEqual([{ quizId: submission.resourceId, score: expected }]);
    // The course has one quiz, so the overall score is that quiz's best score.
    expect((await get(`/user/overall-score/${course._id}`)).json()).toEqual({
      success: true,
      score: expected,
      certificateIssued: false,
    });
  });
});
