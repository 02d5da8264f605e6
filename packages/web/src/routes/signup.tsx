import { SignupFlow } from '../features/auth/components/signup-flow.tsx';

export function Component() {
  return <SignupFlow />;
}
