import { useParams } from 'react-router';
import { CourseViewer } from '../features/learner/components/viewer/course-viewer.tsx';

/** /course/{id}: the learner's course viewer. */
export function Component() {
  const { id = '' } = useParams();
  return <CourseViewer key={id} courseId={id} />;
}
