import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../../../test/render-app.tsx';
import { learnerCourse, QUIZ_ID } from '../../../../test/course-fixtures.ts';
import { CourseWelcome } from './course-welcome.tsx';

describe('CourseWelcome', () => {
  it('until the progress is known, only invites a choice: no way on that would change under the learner', () => {
    renderApp(
      <CourseWelcome
        course={learnerCourse()}
        next={undefined}
        started
        certificateEarned={false}
        onSelect={vi.fn()}
        headingRef={null}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Welcome to the course' })).toBeInTheDocument();
    expect(
      screen.getByText('Choose a video, a reading or a quiz from the course content to begin.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('for a course with nothing to do yet (no lessons or quizzes), does not say the learner is through', () => {
    renderApp(
      <CourseWelcome
        course={learnerCourse({ course_section: [] })}
        next={null}
        started={false}
        certificateEarned={false}
        onSelect={vi.fn()}
        headingRef={null}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Welcome to the course' })).toBeInTheDocument();
    expect(screen.queryByText('You have been through every item of this course.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('everything tried but the certificate not earned: retake the quiz with the lowest score', () => {
    const onSelect = vi.fn();
    renderApp(
      <CourseWelcome
        course={learnerCourse({ quizScore: [{ quizId: QUIZ_ID, score: 50 }] })}
        next={null}
        started
        certificateEarned={false}
        onSelect={onSelect}
        headingRef={null}
      />,
    );
    expect(screen.getByText(/You have been through every item of this course\./)).toHaveTextContent(
      'A higher quiz score earns the certificate.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retake: Quiz one' }));
    expect(onSelect).toHaveBeenCalledWith(QUIZ_ID);
  });
});
