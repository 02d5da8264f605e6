import { useParams } from 'react-router';
import { CredentialActions } from '../features/certificates/components/credential-actions.tsx';
import { CertificateActionsSlot } from '../features/learner/components/viewer/certificate-actions-slot.ts';
import { CourseViewer } from '../features/learner/components/viewer/course-viewer.tsx';

/** /course/{id}: the learner's course viewer; its certificate panel offers the Open Badge credential. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <CertificateActionsSlot value={CredentialActions}>
      <CourseViewer key={id} courseId={id} />
    </CertificateActionsSlot>
  );
}
