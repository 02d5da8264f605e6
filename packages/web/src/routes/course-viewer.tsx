import { useParams } from 'react-router';
import { CredentialActions } from '../features/certificates/components/credential-actions.tsx';
import {
  CertificateActionsSlot,
  type CertificateRef,
} from '../features/learner/components/viewer/certificate-actions-slot.ts';
import { CourseViewer } from '../features/learner/components/viewer/course-viewer.tsx';

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
