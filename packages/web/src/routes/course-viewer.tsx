import { useParams, type LoaderFunctionArgs } from 'react-router';
import { courseProgressQuery } from '../features/learner/api/course-progress.ts';
import { learnerCourseQuery } from '../features/learner/api/get-learner-course.ts';
import { overallScoreQuery } from '../features/learner/api/get-overall-score.ts';
import { learnerApi } from '../features/learner/api/learner-paths.ts';
import { CredentialActions } from '../features/certificates/components/credential-actions.tsx';
import {
  CertificateActionsSlot,
  type CertificateRef,
} from '../features/learner/components/viewer/certificate-actions-slot.ts';
import { CourseViewer } from '../features/learner/components/viewer/course-viewer.tsx';
import { awaitEarly } from '../lib/early-requests.ts';
import { queryClient } from '../lib/query-client.ts';

/** The certificate panel offers the Open Badge credential of features/certificates (decision 031). */
const credentialActions = (certificate: CertificateRef) => <CredentialActions {...certificate} />;

/** /course/{id}: the learner's course viewer. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <CertificateActionsSlot value={credentialActions}>
      <CourseViewer key={id} courseId={id} />
    </CertificateActionsSlot>
  );
}

/**
 * On a first visit the app shell has already asked for the course (decision 044) and, once it
 * answered, for the overall score and progress (decision 049): wait for them, so that the first render
 * shows all three.
 */
export async function prefetch({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  await awaitEarly(learnerApi.course(id), () => queryClient.prefetchQuery(learnerCourseQuery(id)));
  await Promise.all([
    awaitEarly(learnerApi.overallScore(id), () => queryClient.prefetchQuery(overallScoreQuery(id))),
    awaitEarly(learnerApi.progress(id), () => queryClient.prefetchQuery(courseProgressQuery(id))),
  ]);
}
