import { useParams } from 'react-router';
import { VerifyEmailStatus } from '../features/auth/components/verify-email-status.tsx';

export function Component() {
  const { token = '' } = useParams();
  return <VerifyEmailStatus key={token} token={token} />;
}
