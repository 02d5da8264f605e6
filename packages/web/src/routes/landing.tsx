import { LandingPage } from '../features/landing/components/landing-page.tsx';

export function Component() {
  return <LandingPage />;
}
