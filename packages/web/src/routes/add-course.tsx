import { NewCoursePage } from '../features/authoring/components/new-course-page.tsx';

/** /course/add-course (description §2 "Course form", new course). */
export function Component() {
  return <NewCoursePage />;
}
