import { GoogleCallback } from '../features/auth/components/google-callback.tsx';

export function Component() {
  return <GoogleCallback />;
}
