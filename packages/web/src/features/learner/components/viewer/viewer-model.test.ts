import { describe, expect, it } from 'vitest';
import type { LearnerCourse, LearnerResource } from '@app/shared';
import { learnerCourse } from '../../../../test/course-fixtures.ts';
import { hasEarnedCertificate, hasStarted, itemAfter, nextStep, weakestQuiz } from './viewer-model.ts';

const resource = (id: string, type: LearnerResource['type']): LearnerResource => ({
  _id: id,
  type,
  title: id,
  title_tr: null,
  description: '',
  description_tr: null,
  link: null,
  file: null,
  quiz: type === 'quiz' ? [{ _id: 'q', question: '?', question_tr: null, options: [] }] : null,
});

/** Two sections: a video and a certificate file, then a PDF and a quiz. */
const course = (quizScore: LearnerCourse['quizScore'] = []): LearnerCourse => {
  const base = learnerCourse();
  const section = base.course_section[0]!;
  return {
    ...base,
    quizScore,
    course_section: [
      { ...section, _id: 's1', resources: [resource('video', 'video'), resource('file', 'certificate')] },
      { ...section, _id: 's2', resources: [resource('pdf', 'pdf'), resource('quiz', 'quiz')] },
    ],
  };
};

describe('nextStep', () => {
  it('is the first item still to do in course order, across sections, skipping what is not a lesson or quiz', () => {
    expect(nextStep(course(), new Set())?._id).toBe('video');
    expect(nextStep(course(), new Set(['video']))?._id).toBe('pdf');
    expect(nextStep(course(), new Set(['video', 'pdf']))?._id).toBe('quiz');
    // A lesson left undone before a tried quiz is still the way on.
    expect(nextStep(course([{ quizId: 'quiz', score: 10 }]), new Set(['pdf']))?._id).toBe('video');
  });

  it('is null once every lesson is done and every quiz tried, whatever the score', () => {
    expect(nextStep(course([{ quizId: 'quiz', score: 0 }]), new Set(['video', 'pdf']))).toBeNull();
  });
});

describe('a quiz without questions', () => {
  it('is never next (it cannot be attempted) and never the one to retake', () => {
    const empty = { ...resource('empty', 'quiz'), quiz: [] };
    const withEmpty = course();
    withEmpty.course_section[1]!.resources.unshift(empty);
    expect(nextStep(withEmpty, new Set(['video', 'pdf']))?._id).toBe('quiz');
    expect(weakestQuiz(withEmpty)?._id).toBe('quiz');
  });
});

describe('weakestQuiz', () => {
  it('is the quiz with the lowest best score, the first of equals, an untried one at 0; none without quizzes', () => {
    const two = course([{ quizId: 'quiz', score: 70 }]);
    two.course_section[0]!.resources.push(resource('early quiz', 'quiz'));
    expect(weakestQuiz(two)?._id).toBe('early quiz');
    two.quizScore = [
      { quizId: 'quiz', score: 70 },
      { quizId: 'early quiz', score: 90 },
    ];
    expect(weakestQuiz(two)?._id).toBe('quiz');
    two.quizScore = [
      { quizId: 'quiz', score: 70 },
      { quizId: 'early quiz', score: 70 },
    ];
    expect(weakestQuiz(two)?._id).toBe('early quiz');
    const none = course();
    none.course_section[1]!.resources.pop();
    expect(weakestQuiz(none)).toBeNull();
  });
});

describe('hasStarted', () => {
  it('counts a completed lesson or a tried quiz', () => {
    expect(hasStarted(course(), new Set())).toBe(false);
    expect(hasStarted(course(), new Set(['pdf']))).toBe(true);
    expect(hasStarted(course([{ quizId: 'quiz', score: 0 }]), new Set())).toBe(true);
  });
});

describe('hasEarnedCertificate', () => {
  it('is an issued certificate whatever the score now (decision 104), or a score of 80 or more', () => {
    expect(hasEarnedCertificate({ score: 60, certificateIssued: true })).toBe(true);
    expect(hasEarnedCertificate({ score: 80, certificateIssued: false })).toBe(true);
    expect(hasEarnedCertificate({ score: 79.6, certificateIssued: false })).toBe(false);
    expect(hasEarnedCertificate(undefined)).toBe(false);
  });
});

describe('itemAfter', () => {
  it('is the next lesson or quiz in course order, across sections, then the certificate once earned', () => {
    // The certificate file of section 1 is not a lesson: the PDF of section 2 follows the video.
    expect(itemAfter(course(), 'video', false)).toMatchObject({ _id: 'pdf' });
    expect(itemAfter(course(), 'pdf', true)).toMatchObject({ _id: 'quiz' });
    expect(itemAfter(course(), 'quiz', true)).toBe('certificate');
    // The last item, no certificate: nothing follows.
    expect(itemAfter(course(), 'quiz', false)).toBeNull();
    expect(itemAfter(course(), 'gone', true)).toBeNull();
  });
});
