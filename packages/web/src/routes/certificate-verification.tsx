import { useParams } from 'react-router';
import { CertificateVerification } from '../features/certificates/components/certificate-verification.tsx';

export function Component() {
  const { id = '' } = useParams();
  return <CertificateVerification key={id} id={id} />;
}
